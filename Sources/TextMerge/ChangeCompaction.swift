/// A group of changed lines of one side: lines `start..<end`, all changed, with an unchanged line (or
/// the text's edge) on each side. Between any two unchanged lines there is a group, most of them empty
/// (`start == end`, standing just above line `start`); the groups of the two sides of a diff
/// correspond one to one, in order.
struct ChangeGroup {
  var start: Int
  var end: Int

  var isEmpty: Bool { start == end }
}

extension DiffFile {
  /// Slides each group of changed lines of this side to where git's diff puts it
  /// (`xdl_change_compact`, without the indent heuristic, which `git merge-file` does not enable):
  ///
  /// 1. A group slides up while the line above it equals its last line, then down while the line
  ///    below equals its first; meeting another group it takes it in, and the two slides repeat until
  ///    the group stops growing. It ends as far down as it goes.
  /// 2. If, somewhere along that slide, it stood across from a nonempty group of the other side, it
  ///    goes back up to the lowest such place, so the two sides' changes make one hunk.
  ///
  /// Only this side's marks move; `other` is walked in step to know which of its groups is across.
  mutating func compact(against other: DiffFile) {
    var group = firstGroup()
    var across = other.firstGroup()
    while true {
      if !group.isEmpty {
        var earliestEnd: Int
        var endMatchingOther: Int
        var size: Int
        repeat {
          size = group.end - group.start
          endMatchingOther = -1
          while slideUp(&group) {
            let moved = other.previous(&across)
            assert(moved, "group sync broken sliding up")
          }
          earliestEnd = group.end
          if !across.isEmpty { endMatchingOther = group.end }
          while slideDown(&group) {
            let moved = other.next(&across)
            assert(moved, "group sync broken sliding down")
            if !across.isEmpty { endMatchingOther = group.end }
          }
        } while size != group.end - group.start
        if group.end != earliestEnd && endMatchingOther != -1 {
          while across.isEmpty {
            let slid = slideUp(&group)
            let moved = other.previous(&across)
            assert(slid && moved, "group sync broken sliding to match")
          }
        }
      }
      if !next(&group) { break }
      let moved = other.next(&across)
      assert(moved, "group sync broken moving to next group")
    }
  }

  func firstGroup() -> ChangeGroup {
    var group = ChangeGroup(start: 0, end: 0)
    while isChanged(group.end) { group.end += 1 }
    return group
  }

  /// Moves to the next group; false at the last one.
  func next(_ group: inout ChangeGroup) -> Bool {
    if group.end == count { return false }
    group.start = group.end + 1
    group.end = group.start
    while isChanged(group.end) { group.end += 1 }
    return true
  }

  /// Moves to the previous group; false at the first one.
  func previous(_ group: inout ChangeGroup) -> Bool {
    if group.start == 0 { return false }
    group.end = group.start - 1
    group.start = group.end
    while isChanged(group.start - 1) { group.start -= 1 }
    return true
  }

  /// Slides the group one line down if the line below it equals its first line, taking in a group it
  /// meets; false if it cannot slide.
  private mutating func slideDown(_ group: inout ChangeGroup) -> Bool {
    guard group.end < count && classes[group.start] == classes[group.end] else { return false }
    changed[group.start + 1] = false
    group.start += 1
    changed[group.end + 1] = true
    group.end += 1
    while isChanged(group.end) { group.end += 1 }
    return true
  }

  /// Slides the group one line up if the line above it equals its last line, taking in a group it
  /// meets; false if it cannot slide.
  private mutating func slideUp(_ group: inout ChangeGroup) -> Bool {
    guard group.start > 0 && classes[group.start - 1] == classes[group.end - 1] else { return false }
    group.start -= 1
    changed[group.start + 1] = true
    group.end -= 1
    changed[group.end + 1] = false
    while isChanged(group.start - 1) { group.start -= 1 }
    return true
  }
}
