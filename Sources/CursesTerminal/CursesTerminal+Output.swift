import CNCursesW

#if canImport(Glibc)
  import Glibc
#endif

/// How frames reach the terminal without the program ever waiting for it. ncurses composes each update
/// into a file in memory (its output descriptor points there between frames), and the bytes go to the
/// terminal through a descriptor of the program's own that never blocks: what the terminal cannot
/// take now waits in `pending`, written as it takes more (`wait` watches for that), and the next frame
/// is not drawn until it has all gone (`canTakeOutput`), so a slow terminal drops frames instead of
/// queueing them. A write that waits is not a choice: on a pseudo-terminal here a blocked write slept
/// until the kernel's buffer had nearly emptied, about 0.3 s at 64 KB/s, with no key read meanwhile.
/// Around a stop and at the end (where ncurses must reach the terminal's modes through its own
/// descriptor) ncurses writes to the terminal again, after everything pending.
extension CursesTerminal {
  /// Points ncurses' output at a new file in memory (`ncursesOutput` is its descriptor); without one
  /// (an old kernel), or without a second descriptor of the terminal, ncurses goes on writing to the
  /// terminal itself.
  func startComposing(ncursesOutput descriptor: Int32) {
    let sink = tg_memory_file()
    let copy = dup(descriptor)
    let reopened = tg_reopen_nonblocking(outputFD)
    guard sink >= 0, copy >= 0, reopened >= 0 else {
      for fd in [sink, copy, reopened] where fd >= 0 { close(fd) }
      return
    }
    frameSink = sink
    terminalCopy = copy
    writer = reopened
    ncursesOutput = descriptor
    compose(true)
  }

  /// Closes what `startComposing` opened (after `restore`).
  func stopComposing() {
    guard frameSink >= 0 else { return }
    for fd in [frameSink, terminalCopy, writer] { close(fd) }
    frameSink = -1
    writer = outputFD
  }

  /// ncurses writes into memory (`true`) or to the terminal itself.
  func compose(_ on: Bool) {
    guard frameSink >= 0, on != composing else { return }
    fflush(outputFile)
    _ = dup2(on ? frameSink : terminalCopy, ncursesOutput)
    composing = on
    // ncurses wrote to the terminal itself meanwhile: it is where ncurses believes, which the
    // filter no longer knows.
    if on { sgrFilter?.restart() }
  }

  /// Queues `bytes` for the terminal, after what ncurses has composed so far, and writes what it takes
  /// now. Without a file in memory, writes them directly.
  func send(_ bytes: [UInt8]) {
    guard composing else { return writeAll(bytes) }
    collect()
    pending += bytes
    queuedBytes += bytes.count
    flushPending()
  }

  /// Moves what ncurses composed since the last call into `pending`, through the filter where there
  /// is one (`SGRFilter`).
  func collect() {
    guard composing else { return }
    fflush(outputFile)
    let length = Int(lseek(frameSink, 0, SEEK_CUR))
    guard length > 0 else { return }
    let start = pending.count
    if sgrFilter != nil {
      composed.removeAll(keepingCapacity: length <= 1 << 20)
      composed += repeatElement(0, count: length)
      let read = composed.withUnsafeMutableBytes { pread(frameSink, $0.baseAddress!, length, 0) }
      sgrFilter?.filter(composed.prefix(max(0, read)), into: &pending)
    } else {
      pending += repeatElement(0, count: length)
      let read = pending.withUnsafeMutableBytes { pread(frameSink, $0.baseAddress! + start, length, 0) }
      if read < length { pending.removeLast(length - max(0, read)) }
    }
    queuedBytes += pending.count - start
    _ = lseek(frameSink, 0, SEEK_SET)
    // A full repaint of a large screen leaves a large file behind: let it go.
    if length > 1 << 20 { _ = ftruncate(frameSink, 0) }
  }

  /// Writes as much of `pending` as the terminal takes now; true when nothing waits any more. A
  /// terminal that is gone takes everything (its end is found by the next read).
  @discardableResult
  func flushPending() -> Bool {
    // A tenth of a second without writing, the kernel's buffer not full: the terminal has read what
    // it had (the end of a frame, a few KB, at 64 KB/s or faster).
    let now = Monotonic.milliseconds()
    if pendingStart < pending.count && !full && now - lastWritten >= 100 {
      drained = (now, written)
      refilled = (now, written)
      filled = nil
    }
    while pendingStart < pending.count {
      let n = pending.withUnsafeBytes { write(writer, $0.baseAddress! + pendingStart, $0.count - pendingStart) }
      if n > 0 {
        pendingStart += n
        written += n
        lastWritten = now
        full = false
      } else if n < 0 && errno == EINTR {
        continue
      } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        // Filled from empty at once: what it took is what the kernel holds.
        if let refilled, now - refilled.at <= 5 { capacity = max(capacity ?? 0, written - refilled.written) }
        refilled = nil
        if !full && filled == nil { filled = (now, written) }
        if fillStarted == nil { fillStarted = (now, written) }
        full = true
        return false
      } else {
        break
      }
    }
    // Everything went since the buffer first filled: the terminal read at least what went in since
    // (the buffer was full then), less one step of the kernel's buffers (`kernelStep`), over that
    // time — at its pace when it was reading all along, and a fast terminal that took it in a moment
    // is shown fast.
    if let fillStarted, written - fillStarted.written > Self.kernelStep {
      note(
        pace: Double(written - fillStarted.written - Self.kernelStep) / Double(max(1, now - fillStarted.at)), at: now)
    }
    fillStarted = nil
    pending.removeAll(keepingCapacity: pending.count <= 1 << 20)
    pendingStart = 0
    return true
  }

  /// A wait on a full buffer just ended: the terminal has read all but what the kernel moves in one
  /// step (`kernelStep`), which measures its `pace` two ways, each at most what it is: all it took
  /// since it last had read everything, over the time between (exact when it was reading all along,
  /// and only counted after a wait of 50 ms: the time between may be mostly idle); and, with what the
  /// kernel holds known, that and what it took since the buffer filled, less that step, over the time
  /// since (near when the buffer filled at once, a frame larger than it).
  func noteDrained() {
    let now = Monotonic.milliseconds()
    var measured = 0.0
    if let filled {
      if now - filled.at >= 50, let drained, written > drained.written {
        measured = Double(written - drained.written) / Double(now - drained.at)
      }
      if let capacity, capacity + written - filled.written > Self.kernelStep {
        measured = max(
          measured, Double(capacity + written - filled.written - Self.kernelStep) / Double(max(1, now - filled.at)))
      }
    }
    if measured > 0 { note(pace: measured, at: now) }
    drained = (now, written)
    refilled = (now, written)
    filled = nil
    full = false
  }

  /// A measurement of the terminal's pace: the estimate follows it, slower or faster (each is at most
  /// what the terminal does, so a faster one is news, and a slower one is what a full buffer showed).
  /// A slower one than the fastest seen schedules a try of the fastest (`pace`): first after
  /// `firstRetry`, then after twice as long each time the terminal is found slow again soon after a
  /// try; a measurement as fast as the fastest ends the tries.
  func note(pace measured: Double, at now: Int) {
    // Measured again while the buffer is still as it filled: the slowest of what this fill showed.
    var measured = measured
    if let last = measuredPace, let since = filled?.at ?? fillStarted?.at, last.at >= since {
      measured = min(measured, last.bytesPerMillisecond)
    }
    let fastest = max(fastestPace ?? 0, measured)
    fastestPace = fastest
    measuredPace = (measured, now)
    if measured >= fastest / 2 {
      retryFastest = nil
    } else if let retry = retryFastest {
      // Found slow again while the fastest was being tried: the next try waits twice as long.
      let after = now >= retry.at ? min(retry.after * 2, Self.longestRetry) : retry.after
      retryFastest = (now + after, after)
    } else {
      retryFastest = (now + Self.firstRetry, Self.firstRetry)
    }
  }

  /// What a pseudo-terminal's kernel buffers may take at once, or still hold when a writer is woken,
  /// without the terminal having read it: the kernel moves output between its buffers in steps of a
  /// few KB (here 1.5-7.6 KB taken at once after a reader took 512 bytes; a writer woken from a full
  /// buffer with 4-6 KB of it unread). A measurement counts only what went beyond one step: counted
  /// whole, 4.3 KB taken in a millisecond from a reader of 64 KB/s read as 4 MB/s (a 200x60 glide
  /// planned by it rested after 0.6 s), and wakes read that reader as 75-91 KB/s.
  static let kernelStep = 8_192

  /// How long a slow estimate holds before the fastest pace is tried again, at first and at most
  /// (milliseconds).
  static let firstRetry = 16_000
  static let longestRetry = 128_000

  /// How fast the terminal takes output, in bytes a millisecond: an estimate that follows what its
  /// buffer showed when it last filled (`noteDrained`, `flushPending`); nil when it never has. A
  /// terminal that reads slower than frames come fills the kernel's buffer before anything says so
  /// (no signal shows what the buffer holds); with its pace known, frames are planned and spaced so
  /// that none pile up there (`FramePacer`), and while they are, nothing shows it reading faster. So a
  /// slow estimate holds until a fill measures the terminal again, or until the fastest pace of the
  /// session is tried (`retryFastest`: 16 s after it was found slow, doubling up to about two minutes
  /// while it stays slow): a fast terminal that stalled for a moment gets every frame again, and one
  /// that really slowed down costs one late glide a try, measured again by it. A figure that went back
  /// to the fastest after 2 s made every other glide late on a terminal that stayed slow.
  public var pace: Double? {
    guard let measuredPace else { return nil }
    if let retry = retryFastest, Monotonic.milliseconds() >= retry.at { return fastestPace }
    return measuredPace.bytesPerMillisecond
  }

  /// Has the terminal's pace measured before a glide needs it (`pace`): bytes every terminal ignores
  /// (NUL, the padding character terminals have always skipped), more than a pseudo-terminal's kernel
  /// buffer holds, so they fill it and go through as a frame larger than it would: a fast terminal
  /// takes them in a moment, a slow one at its pace (32 KB: half a second at 64 KB/s, once, after
  /// the first frame). Keys are read meanwhile, and a frame waits for them as for any other.
  public func probePace() {
    guard active, composing else { return }
    send([UInt8](repeating: 0, count: 32_768))
  }

  /// Whether a frame can be drawn now: nothing of the last one waits, and the terminal takes output
  /// without the write waiting (`poll` for `POLLOUT`). A terminal reading slower than frames come stops
  /// taking output once the kernel's buffer is full (12-20 KB on a pseudo-terminal here, whose
  /// `TIOCOUTQ` always reads 0); a frame it cannot take now is better dropped than queued behind the
  /// others. A terminal that is gone counts as taking everything.
  public var canTakeOutput: Bool {
    guard active else { return true }
    if !pending.isEmpty && !flushPending() { return false }
    var fd = pollfd(fd: writer, events: Int16(POLLOUT), revents: 0)
    return poll(&fd, 1, 0) != 0
  }

  /// Everything pending written, waiting for the terminal (at most 10 s, then the rest is dropped),
  /// and ncurses writing to the terminal itself again: before a stop and at the end.
  func finishWriting() {
    collect()
    // The terminal where ncurses believes it is, before ncurses writes to it again.
    if composing {
      let start = pending.count
      sgrFilter?.finish(into: &pending)
      queuedBytes += pending.count - start
    }
    let deadline = Monotonic.milliseconds() + 10_000
    while !flushPending() && Monotonic.milliseconds() < deadline {
      var fd = pollfd(fd: writer, events: Int16(POLLOUT), revents: 0)
      _ = poll(&fd, 1, 100)
    }
    pending.removeAll()
    pendingStart = 0
    compose(false)
  }
}
