import TileGridCLI

#if canImport(Glibc)
  import Glibc
#endif

exit(TileGridCommand.main(Array(CommandLine.arguments.dropFirst())))
