import Foundation

/// The id of a process that has ended (`/bin/true`, run and waited for), so that no running process
/// has it, barring reuse: for a file left behind whose name says a process that is gone wrote it.
public func finishedProcessID() throws -> pid_t {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/true")
  try process.run()
  process.waitUntilExit()
  return process.processIdentifier
}
