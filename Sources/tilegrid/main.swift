import TileGridCLI

#if canImport(Glibc)
  import Glibc
#endif

// The process ends when `main` returns: what the command built is left to the exit to free.
TileGridCommand.exitsAfterMain = true
exit(TileGridCommand.main(TileGridCommand.processArguments))
