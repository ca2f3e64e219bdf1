#if canImport(Glibc)
  import Glibc
#endif

/// A value behind a pthread mutex. ThreadSanitizer sees the order such a lock makes (it intercepts the
/// pthread calls); the Synchronization module's `Mutex` locks with atomics and futexes in code built
/// without it, so a ThreadSanitizer build of the tests reports every value a `Mutex` guards as raced,
/// burying real races among false ones (`merge` printed them into a git merge under such a build).
public final class Locked<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  public init(_ value: Value) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    self.value = value
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` on the value, holding the lock.
  public func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
