// CursesTerminal
