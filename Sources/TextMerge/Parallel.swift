import Dispatch
import Synchronization

/// Work split over the cores there are.
public enum Parallel {
  /// `body(0) … body(count - 1)`, run at once on the cores there are, the results in order.
  public static func map<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    let results = Mutex<[T?]>(Array(repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { k in
      let value = body(k)
      results.withLock { $0[k] = value }
    }
    return results.withLock { $0.map { $0! } }
  }

  /// Texts of at least this many bytes together are worth a thread each: below it starting the work
  /// on another core costs more than it saves (a merge of small boards runs thousands of times in the
  /// editor's following and the tests).
  static let worthwhile = 256 * 1024
}
