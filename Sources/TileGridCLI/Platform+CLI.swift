import Files

// The file system's errors as the command line reports them (exit statuses in `CLIError`).

extension Platform {
  /// `read(_:role:)`, its failure as a command-line error: 66, 65 (too large) or 74.
  static func input(_ path: String, role: String = "") throws(CLIError) -> Input {
    do {
      return try read(path, role: role)
    } catch {
      throw CLIError(error)
    }
  }

  /// `mapped(_:role:)`, its failure as a command-line error: 66, 65 (too large) or 74.
  static func mappedInput(_ path: String, role: String = "") throws(CLIError) -> MappedInput {
    do {
      return try mapped(path, role: role)
    } catch {
      throw CLIError(error)
    }
  }

  /// `writeStandardOutput(_:)`, its failure as a command-line error (74).
  static func standardOutput(_ bytes: [UInt8]) throws(CLIError) {
    do {
      try writeStandardOutput(bytes)
    } catch {
      throw .io(error.description)
    }
  }
}

extension CLIError {
  /// A failed read as the command line reports it.
  init(_ failure: Platform.ReadError) {
    switch failure {
    case .noInput(let message): self = .noInput(message)
    case .tooLarge(let message): self = .data(message)
    case .io(let message): self = .io(message)
    }
  }
}
