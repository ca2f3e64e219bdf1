import Testing
import TextMerge

// The cases of git's own tests of `git merge-file` (t/t6403-merge-file.sh) and of zdiff3's markers
// (t/t6427-diff3-conflict-markers.sh), with the outputs those tests expect, written out here. Where git's
// test only counts (a conflict, one `=======`), so does this one.

private let orig = """
  Dominus regit me,
  et nihil mihi deerit.
  In loco pascuae ibi me collocavit,
  super aquam refectionis educavit me;
  animam meam convertit,
  deduxit me super semitas jusitiae,
  propter nomen suum.

  """
private let new1 =
  orig + """
  Nam et si ambulavero in medio umbrae mortis,
  non timebo mala, quoniam tu mecum es:
  virga tua et baculus tuus ipsa me consolata sunt.

  """
private let new2 = """
  Dominus regit me, et nihil mihi deerit.
  In loco pascuae ibi me collocavit,
  super aquam refectionis educavit me;
  animam meam convertit,
  deduxit me super semitas jusitiae,
  propter nomen suum.

  """
private let new3 = orig.replacingFirst("Dominus", with: "DOMINUS")
private let new4 = String(new2.dropLast())
/// `sed "s/ tu / TU /" <new1.txt`
private let new5 = new1.replacingFirst(" tu ", with: " TU ")
/// `sed -e "s/deerit.$/deerit;/" -e "s/me;$/me./" <new5.txt`
private let new6 = new5.replacingFirst("deerit.\n", with: "deerit;\n").replacingFirst("me;\n", with: "me.\n")
/// `sed -e "s/deerit.$/deerit,/" -e "s/me;$/me,/" <new5.txt`
private let new7 = new5.replacingFirst("deerit.\n", with: "deerit,\n").replacingFirst("me;\n", with: "me,\n")
/// `sed -e "s/deerit./&%%%%/" -e "s/locavit,/locavit;/" <new6.txt | tr % "\012"`
private let new8 = new6.replacingFirst("deerit;", with: "deerit;\n\n\n\n").replacingFirst("locavit,", with: "locavit;")
/// `sed -e "s/deerit./&%%%%/" -e "s/locavit,/locavit --/" <new7.txt | tr % "\012"`
private let new9 = new7.replacingFirst("deerit,", with: "deerit,\n\n\n\n").replacingFirst("locavit,", with: "locavit --")

extension String {
  func replacingFirst(_ target: String, with replacement: String) -> String {
    let characters = Array(self)
    let pattern = Array(target)
    for start in 0...(characters.count - pattern.count) where Array(characters[start..<(start + pattern.count)]) == pattern {
      return String(characters[..<start]) + replacement + String(characters[(start + pattern.count)...])
    }
    return self
  }
}

private func merge(
  _ ours: String, _ base: String, _ theirs: String, _ options: LineMergeOptions = LineMergeOptions()
) -> (text: String, conflicts: Int) {
  let result = mergeLines(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8), options: options)
  return (String(decoding: result.bytes, as: UTF8.self), result.conflicts)
}

/// The labels `git merge-file` writes for the three files it is given.
private func labels(_ ours: String, _ base: String, _ theirs: String, style: LineMergeOptions.Style = .merge)
  -> LineMergeOptions
{
  LineMergeOptions(oursLabel: ours, baseLabel: base, theirsLabel: theirs, style: style)
}

@Suite("git's own merge-file cases")
struct GitMergeFileCasesTests {
  @Test("merge with no changes")
  func noChanges() {
    #expect(merge(orig, orig, orig) == (orig, 0))
  }

  @Test("merge without conflict: a line added at the end and two lines joined at the start")
  func withoutConflict() {
    let joined = new2.replacingFirst("suum.\n", with: "suum.\n" + new1.dropFirst(orig.count))
    #expect(merge(new1, orig, new2) == (joined, 0))
  }

  @Test("a missing final newline away from the other side's change stays missing")
  func missingNewlineAwayFromChange() {
    #expect(merge(new4, new2, new3) == (String(new3.dropLast()), 0))
  }

  @Test("merge with conflicts: the markers and the file names as labels")
  func expectedConflictMarkers() {
    let test = merge(new1, orig, new2).text
    let expected = """
      <<<<<<< test.txt
      Dominus regit me, et nihil mihi deerit.
      =======
      DOMINUS regit me,
      et nihil mihi deerit.
      >>>>>>> new3.txt
      In loco pascuae ibi me collocavit,
      super aquam refectionis educavit me;
      animam meam convertit,
      deduxit me super semitas jusitiae,
      propter nomen suum.
      Nam et si ambulavero in medio umbrae mortis,
      non timebo mala, quoniam tu mecum es:
      virga tua et baculus tuus ipsa me consolata sunt.

      """
    #expect(merge(test, orig, new3, labels("test.txt", "orig.txt", "new3.txt")) == (expected, 1))
    // -L 1 -L 2: the first label replaces ours' name, the base's is not written in this style.
    let withL = expected.replacingFirst("<<<<<<< test.txt", with: "<<<<<<< 1")
    #expect(merge(test, orig, new3, labels("1", "2", "new3.txt")) == (withL, 1))
  }

  @Test("--ours, --theirs and --union resolve the conflict, which is then not counted")
  func favors() {
    let test = merge(new1, orig, new2).text
    let tail = String(test.dropFirst("Dominus regit me, et nihil mihi deerit.\n".count))
    let options = { (favor: LineMergeOptions.Favor) in LineMergeOptions(favor: favor) }
    #expect(merge(test, orig, new3, options(.ours)) == (test, 0))
    #expect(merge(test, orig, new3, options(.theirs)) == ("DOMINUS regit me,\net nihil mihi deerit.\n" + tail, 0))
    #expect(
      merge(test, orig, new3, options(.union))
        == ("Dominus regit me, et nihil mihi deerit.\nDOMINUS regit me,\net nihil mihi deerit.\n" + tail, 0))
  }

  @Test("conflict in removed tail: one side removed the lines the other changed")
  func conflictInRemovedTail() {
    // git's expected output: orig.txt, then an empty ours against new5.txt's last three lines.
    let expected = orig + "<<<<<<< orig.txt\n=======\n" + new5.dropFirst(orig.count) + ">>>>>>> new5.txt\n"
    #expect(merge(orig, new1, new5, labels("orig.txt", "new1.txt", "new5.txt")) == (expected, 1))
  }

  @Test("MERGE_ZEALOUS simplifies non-conflicts: two conflicts two lines apart are one")
  func zealousSimplifies() {
    let result = merge(new6, new5, new7)
    #expect(result.conflicts == 1)
    #expect(result.text.components("=======\n") == 1)
  }

  @Test("ZEALOUS_ALNUM: conflicts apart by blank lines only are one")
  func zealousAlnum() {
    let result = merge(new8, new5, new9)
    #expect(result.conflicts == 1)
    #expect(result.text.components("=======\n") == 1)
  }

  @Test("diff3 style, and the marker size")
  func diff3AndMarkerSize() {
    let expected = """
      Dominus regit me,
      <<<<<<< new8.txt
      et nihil mihi deerit;




      In loco pascuae ibi me collocavit;
      super aquam refectionis educavit me.
      ||||||| new5.txt
      et nihil mihi deerit.
      In loco pascuae ibi me collocavit,
      super aquam refectionis educavit me;
      =======
      et nihil mihi deerit,




      In loco pascuae ibi me collocavit --
      super aquam refectionis educavit me,
      >>>>>>> new9.txt
      animam meam convertit,
      deduxit me super semitas jusitiae,
      propter nomen suum.
      Nam et si ambulavero in medio umbrae mortis,
      non timebo mala, quoniam TU mecum es:
      virga tua et baculus tuus ipsa me consolata sunt.

      """
    var options = labels("new8.txt", "new5.txt", "new9.txt", style: .diff3)
    #expect(merge(new8, new5, new9, options) == (expected, 1))
    options.markerSize = 10
    let wide = expected.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.first.map { "<|=>".contains($0) } == true ? String(repeating: String(line.first!), count: 3) + line : String(line)
    }
    #expect(merge(new8, new5, new9, options) == (wide.joined(separator: "\n"), 1))
  }

  @Test("a conflict at the end without a final newline, resolved by --ours, --theirs, --union")
  func conflictAtEndWithoutNewline() {
    let (base, ours, theirs) = ("line1\nline2\nline3", "line1\nline2\nline3x", "line1\nline2\nline3y")
    #expect(merge(ours, base, theirs, LineMergeOptions(favor: .ours)) == ("line1\nline2\nline3x", 0))
    #expect(merge(ours, base, theirs, LineMergeOptions(favor: .theirs)) == ("line1\nline2\nline3y", 0))
    #expect(merge(ours, base, theirs, LineMergeOptions(favor: .union)) == ("line1\nline2\nline3x\nline3y", 0))
    // Unresolved, both sides' last lines get a newline so the markers stand on their own lines; the
    // markers end in LF, since the lines before the conflict do.
    #expect(merge(ours, base, theirs) == ("line1\nline2\n<<<<<<<\nline3x\n=======\nline3y\n>>>>>>>\n", 1))
  }

  @Test("conflict sections match existing line endings")
  func crlfMarkers() {
    let result = merge("1\r\n2\r\n4", "1\r\n2\r\n3", "1\r\n2\r\n5", labels("a", "o", "b"))
    #expect(result == ("1\r\n2\r\n<<<<<<< a\r\n4\r\n=======\r\n5\r\n>>>>>>> b\r\n", 1))
    let lf = merge("line1\nline2\nline3x", "line1\nline2\nline3", "line1\nline2\nline3y")
    #expect(!lf.text.contains("\r"))
  }

  // t6427: `git merge -s recursive` with merge.conflictstyle=zdiff3 on files of single lines.
  @Test("zdiff3 markers", arguments: [
    (
      "1 2 3 4 5 6 7 8 9", "1 2 3 4 A B C D E 7 8 9", "1 2 3 4 A X C Y E 7 8 9",
      "1 2 3 4 A <<<<<<<_HEAD B C D |||||||_base 5 6 ======= X C Y >>>>>>>_right E 7 8 9"
    ),
    (
      "1 2 3 AA 4 5 BB 6 7 8", "1 2 3 CC 4 5 DD 6 7 8", "1 2 3 EE 4 5 FF 6 7 8",
      "1 2 3 <<<<<<<_HEAD CC |||||||_base AA ======= EE >>>>>>>_right 4 5 <<<<<<<_HEAD DD |||||||_base BB ======= FF >>>>>>>_right 6 7 8"
    ),
    (
      "1 2 3 4 5 6 7 8 9", "1 2 3 4 A B C D E F G H I J 7 8 9", "1 2 3 4 A B C 5 6 G H I J 7 8 9",
      "1 2 3 4 A B C <<<<<<<_HEAD D E F |||||||_base 5 6 ======= 5 6 >>>>>>>_right G H I J 7 8 9"
    ),
    (
      "1 2 3 4 5 6 7 8 9", "1 2 3 4 X A B C 7 8 9", "1 2 3 4 Y A B C B C 7 8 9",
      "1 2 3 4 <<<<<<<_HEAD X A |||||||_base 5 6 ======= Y A B C >>>>>>>_right B C 7 8 9"
    ),
  ])
  func zdiff3(base: String, ours: String, theirs: String, expected: String) {
    func lines(_ words: String) -> String {
      words.split(separator: " ").map { String($0).replacingFirst("_", with: " ") + "\n" }.joined()
    }
    let result = merge(lines(ours), lines(base), lines(theirs), labels("HEAD", "base", "right", style: .zdiff3))
    #expect(result.text == lines(expected))
    #expect(result.conflicts == expected.components("<<<<<<<"))
  }
}

extension String {
  /// How many times `part` occurs, not overlapping.
  func components(_ part: String) -> Int {
    var count = 0
    var rest = Substring(self)
    while let range = rest.firstRange(of: part) {
      count += 1
      rest = rest[range.upperBound...]
    }
    return count
  }
}
