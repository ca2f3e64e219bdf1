// The docs' text of each help topic, copied by Scripts/copy-help-topics from the section its `source`
// names (the one place to change to print another section); HelpTopicTests compares each copy with its
// page. Do not edit a `markdown` literal by hand: edit the page, then run the script.

extension TileGridCommand.HelpTopic {
  static let keysText = Self(
    name: "keys", summary: "every key of the editor, in effect, and how to change them",
    source: ("docs/editor.md", "### Changing the keys"),
    markdown: #"""
### Changing the keys

The editor reads its keys from `$XDG_CONFIG_HOME/tilegrid/keys` (else `~/.config/tilegrid/keys`) when
there is one, or from `--keys FILE`. One command a line, by the names of the tables above:

```
# ~/.config/tilegrid/keys
save = Ctrl-S, s        # Ctrl-S, and s as before
rename = F2
find = Ctrl-F
carry-left = Left       # h no longer carries; it still moves the focus
help =                  # no key: the palette (:) still runs it
```

- `command = key, key` gives the command exactly those keys, in place of its own; none after `=`
  leaves it to the palette. Commands not named keep theirs. `#` starts a comment, at the start of a
  line or after a space.
- Keys are named as the help names them: a character (`a`, `A`, `?`, `é`), `Space`, `Enter`, `Esc`,
  `Tab`, `Shift-Tab`, `Backspace`, `Delete`, `Insert`, `Up`, `Down`, `Left`, `Right`, `PgUp`, `PgDn`,
  `Home`, `End`, `F1` to `F24`, `Hash` (`#`) and `Comma` (`,`), and `Ctrl-`, `Alt-`, `Shift-`,
  `Meta-` before a key (`Ctrl-S`, `Alt-x`, `Shift-Up`, `Ctrl-Alt-PgDn`); names in any case, characters
  as they are (`a` is not `A`).
- A key means one command in a context: a line whose key another command has in the same context
  (say `find = s`, with `s` still `save`'s) is refused, both named, and its command keeps its keys; of
  two lines on one key, the later is refused. To swap two keys, give both lines (`save = w`,
  `width = s`). The same key in two contexts is fine: Enter lifts on the board, drops what is lifted,
  ends a prompt's line.
- In a prompt and in the palette a printable key is text: those commands take other keys (`Ctrl-X`,
  `Alt-x`, `F5`).
- A line that cannot be taken — an unknown command (`sve`: did you mean `save`?), an unknown key, a
  missing `=`, a refused key — is named with its number on standard error and, the first of them with
  how many more, on the editor's first screen; the editor starts with the others in effect. A keys
  file that cannot be read at all is named the same way, and the standard keys are used.

The help, the palette, the hints on the status line and the questions name the keys in effect (`F1
help · Ctrl-S save · q quit`); a command without a key is named the palette's way, `:save`.
`tilegrid keys` prints the whole map in effect in this syntax, grouped by context, to start a file
from; `play` and `render` take `--keys FILE` too, so a remapped session replays headlessly.
"""#)

  static let formatsText = Self(
    name: "formats", summary: "the formats a file may be in, and how one is chosen",
    source: ("docs/formats.md", "## Choosing the format"),
    markdown: #"""
## Choosing the format

| format | `--format` | extensions | a section is | a tile is |
|---|---|---|---|---|
| TileGrid's JSON | `json` | `.json`, and any other | a `sections` member | an `items` member |
| a Markdown board | `markdown` | `.md`, `.markdown` | a `## ` heading | a top-level list item |
| lines | `lines` | `.txt` | a `# ` line | a line |
| CSV (RFC 4180) | `csv` | `.csv` | a `section` cell | a row |
| TSV | `tsv` | `.tsv` | a `section` cell | a row |

A file is read in the format its extension names (in any case); a name that says nothing (no
extension, another one, git's temporary files) by its content — `{` first is JSON, front matter or a
`## ` heading a Markdown board, a header naming a `title` column a table, anything else lines
([command-line.md](command-line.md#formats---format-and---to)); standard input as JSON, unless
`--format` says otherwise. Text that cannot be read in that format but looks like another, by the same
signs, says which (`<stdin>: line 1, column 1: expected an object, found 'a' — is it lines? try
--format lines`). `merge` and `diff` also take `--name PATH`, the path in the repository
git passes, whose extension then decides. The result is written in the input's format (`merge`:
OURS's), unless `--to FORMAT` says otherwise or `-o OUT` names a file whose extension names one
(`-i` always writes FILE's own format: with `--to` another format it is refused, exit 64, and `-o`
names the new file to convert to):

<!-- not run: the editor needs a terminal -->
```sh
tilegrid board.md                              # edit a board; s saves it as Markdown
tilegrid plan.md                               # a file not there yet: s creates it as a board
ls | tilegrid --format lines -                 # the editor in a pipe; the lines come out reordered
```

```sh
tilegrid move board.md 0.0 1.0 -i              # a card into the next lane, the file edited in place
tilegrid export board.md --to json             # the board as TileGrid's JSON
tilegrid export board.md -o board.json         # the same, by OUT's extension
tilegrid move list.txt 0.3 0.0                 # the fourth line first
tilegrid demo --to csv > demo.csv              # the demo as a spreadsheet
```

A format that cannot hold part of what is written says so, once, on standard error, and the output is
written without it ([conversions](#conversions-and-what-they-lose)):

```
$ tilegrid demo --to markdown > demo.md
tilegrid: standard output: markdown cannot keep: layout; sections' maxItems; tiles' color, locked, id (left out)
```
"""#)

  static let mergeText = Self(
    name: "merge", summary: "how merge joins two edits, and its conflicts",
    source: ("docs/version-control.md", "## `merge`"),
    markdown: #"""
## `merge`

```
tilegrid merge BASE OURS THEIRS [-o OUT] [--prefer ours|theirs]
```

joins `OURS` and `THEIRS`, two edits of `BASE`, by ids. (A board, a list or a table, whose cards have
no ids, is merged by git's own line merge first, and by its cards [paired across the
versions](#boards-lists-and-tables) where that fails: [merge.md](merge.md).) What only one side changed is taken from it;
what both changed alike is taken once; what both changed differently is a
[conflict](#conflicts), resolved toward `OURS` (or, with `--prefer theirs`, `THEIRS`). The result is
always a valid arrangement, written like every output ([command-line.md](command-line.md#output-files));
the exit status is 0 when it merged cleanly and 1 when there were conflicts, one line each on standard
error. Merging a side with the base gives that side, byte for byte: `merge(B, X, B)`, `merge(B, B, X)`
and `merge(B, X, X)` are all `X`.

### The order rule

A tile's section is the one the side that moved it put it in. Its place is its place **among the tiles
the other side did not move**:

1. A side *moved* a tile when it added it, put it in another section, or left it outside the longest
   increasing run of what it kept in the section (the rule of [the fewest moves](#the-fewest-moves)).
   Where several runs are as long, the one that keeps the most of the tiles the other side took out
   of the section (deleted, or put in another): of two neighbours swapped, the side moved the one the
   other side left alone. Then the latest tiles (`a b c` → `b a c` moved `a`).
2. The tiles neither side moved keep their order, the same on both sides: they are the *skeleton*.
3. On each side, every tile it moved hangs after the skeleton tile before it there (or at the start
   of the section).
4. The merged section is the skeleton, each skeleton tile followed by the tiles ours hung on it, in
   ours' order, then the tiles theirs hung on it, in theirs' order.

**Two people move different tiles of one section.** Both moves are kept:

```
base      a b c d e
ours      b c d e a            ours moved a to the end
theirs    e a b c d            theirs moved e to the front

skeleton    b c d              neither moved b, c or d (ours' e and theirs' a are at old places)
ours        b c d · a          a hangs on d
theirs    e b c d              e hangs on the start
merged    e b c d a
```

**One moves a tile while the other moves its neighbour.** Each tile lands by the tiles the other side
left alone, so neither move undoes the other:

```
base      a b c d
ours      a c d b              ours moved b after d
theirs    c a b d              theirs moved c, b's neighbour, to the front

skeleton    a · d              b and c were each moved by one side
ours        a d b              b hangs on d
theirs    c a d                c hangs on the start
merged    c a d b
```

**One swaps two tiles while the other takes one of them away.** A swap is as short read as either
tile moving; it is read as the tile the other side did not touch, so the two changes join (git's line
merge, given the same Markdown board, keeps *a* twice, in both lanes):

```
base      todo: a b c     done: d
ours      todo: b c       done: d a        ours moved a into done
theirs    todo: b a c     done: d          theirs swapped a and b: read as b to the front

skeleton  todo:   c       done: d
merged    todo: b c       done: d a
```

**One swaps two tiles while the other moves one of them within the section.** Theirs' swap is read
as moving *b* (the later tile kept), and ours moved *b* too, to another place: a conflict, resolved
toward the preferred side. (Only a tile the other side took out of the section counts for the
reading of a swap; a move within it is a place, which the swap's reading must not depend on.)

```
base      a b c d
ours      a c d b              ours moved b to the end
theirs    a c b d              theirs swapped b and c: read as b after c

merged    a c d b              conflict: b moved by both; ours's place
  --prefer theirs:  a c b d
```

**One deletes what the other moved.** That is a conflict: the result follows the preferred side.

```
base      todo: a b c     done: (empty)
ours      todo: a b       done: (empty)        ours deleted c
theirs    todo: a b       done: c              theirs moved c into done

merged    todo: a b       done: (empty)        conflict; ours deleted it
  --prefer theirs:  todo: a b   done: c
```

A tile both sides moved alike — to the same section, after the same skeleton tile — is taken once. One
both moved to different places is a conflict, and goes where the preferred side put it. The sections'
order merges by the same rule, with the sections as the tiles; so does the order of unknown keys.

### Keys, sections, the layout and the file

A tile's keys merge one by one, unknown keys too: each from the side that changed it (a key one side
removed is removed). A key both sides set to different values is a conflict. The same holds for a
section's keys, the `layout` object's keys and the file's own top-level keys.

A tile or section one side added is added. One a side deleted is deleted, unless the other side moved
or changed it (a conflict). A section one side deleted stays when the other side put a tile in it,
even when the deleting side is preferred, so that no tile neither side deleted is ever lost; and a
section kept against its deletion (the other side changed it, and is preferred) keeps the tiles that
went with it.

The policies (locks, `maxItems`) are the sides' own business: the merge joins what they did, even when
the result holds a section over its `maxItems` (which loads, and takes no further tiles).

### Conflicts

Each conflict is one line on standard error, saying what both sides did and which way it went:

```
tilegrid: conflict: tile "blue": moved by ours to others:0, by theirs to archive:0; took ours
tilegrid: conflict: tile "red" title: "Red!" in ours, "Rot" in theirs; took ours
tilegrid: conflict: tile "c": deleted by ours, moved by theirs; deleted, as ours has it
tilegrid: conflict: section "later": deleted by theirs, changed by ours; kept, as ours has it
tilegrid: conflict: section "later": deleted by ours, but theirs put tile "x" in it; kept
tilegrid: conflict: tile "new": added by ours at others:1, by theirs at archive:0; took ours
tilegrid: conflict: layout lineSpacing: 2 in ours, 3 in theirs; took ours
tilegrid: conflict: file owner: "ops" in ours, "dev" in theirs; took ours
```

Places are written as each side's file has them. A removed key's value is written `absent`. A thing
conflicts once, and its line says what the file now has: a section one side deleted and the other
changed, which keeps a tile the other side put in it, is `kept, as theirs has it` (not also `deleted`).
A section one side deleted while the other put a tile in it is kept with the tile, whichever side is
preferred, and the file records the deletion as the deleting side's choice: nothing is chosen for a
person. The exit status is 1 only with a conflict recorded in the file.

A board's, a list's or a table's conflicts are said in the screen's words — the card by its title,
what each side did, the lanes by theirs ([merge.md](merge.md#conflicts-in-words-conflictwords)):

```
tilegrid: conflict: Buy milk: ours moved it to Done, theirs after "Walk the dog" in Todo
tilegrid: conflict: Call Ann: renamed "Call Ann today" by ours, deleted by theirs
```

### Conflicts in the file

A merge with conflicts still writes a file, holding ours's choice (theirs's with `--prefer theirs`;
in a text format the markers hold both, and the file read back has ours's side in place), and exits 1; and the file itself says what is unresolved until a person decides, so that nothing
either side did can be lost by a `git add`. A Markdown board, a lines file or a CSV file gets git's
own markers around the two versions of the conflicting cards — what editors, `git diff` and `grep
'<<<<<<<'` know — and the rest of the file is the merged board. Ann moved *Buy milk* to Done, Bob
moved it to the end of Todo:

```
$ cat todo.md
## Todo

- [ ] Buy milk
- [ ] Call Ann
- [ ] Walk the dog

## Done

- [x] Pay rent
$ tilegrid diff todo.md todo-ann.md
move buy-milk to done:1
$ tilegrid diff todo.md todo-bob.md
move buy-milk to todo:2
$ tilegrid merge todo.md todo-ann.md todo-bob.md -o merged.md
tilegrid: conflict: Buy milk: ours moved it to Done, theirs after "Walk the dog" in Todo
$ cat merged.md
## Todo

- [ ] Call Ann
- [ ] Walk the dog
<<<<<<< ours: Buy milk: ours moved it to Done, theirs after "Walk the dog" in Todo

## Done

- [x] Pay rent
- [ ] Buy milk
=======
- [ ] Buy milk

## Done

- [x] Pay rent
>>>>>>> theirs
```

Each conflict is one block around whole cards: a moved card's block runs from one of its places to
the other, the lines between on both sides, so that keeping either side keeps the card once (a
blank line belongs to the line above it, so Buy milk, last in its lane, carries the lane's blank line
along). The `<<<<<<<` line says the conflict in words after its label. `-L LABEL`, up to three times
as for `git merge-file`, labels the markers (the first ours, the second the base, the third theirs):
`-L HEAD -L base -L bob` writes `<<<<<<< HEAD: …` and `>>>>>>> bob`. Markers that git wrote itself
(`git merge-file`, diff3's `|||||||` base included) are read the same way. How the blocks are made:
[merge.md](merge.md#stage-5-the-file).

A JSON file stays a valid arrangement, with ours's choice in place, and records its conflicts under
the top-level key `conflicts` ([file-format.md](file-format.md#conflicts)): for each, the tile or
section, what the merge said, and the edit-script lines that take ours's version, theirs's, or both:

```
$ tilegrid merge base.json mine.json yours.json -o merged.json
tilegrid: conflict: tile "blue": moved by ours to others:0, by theirs to archive:0; took ours
$ tail -n 14 merged.json
  "conflicts": [
    {
      "tile": "blue",
      "conflict": "moved by ours to others:0, by theirs to archive:0; took ours",
      "ours": [],
      "theirs": [
        "move blue to archive:0"
      ],
      "both": [
        "add blue-2 to archive:0 {\"id\": \"blue-2\", \"title\": \"blue\", \"color\": \"blue\"}"
      ]
    }
  ]
}
```

Such a file is *conflicted*. `tilegrid check` exits 1, naming how many conflicts there are and the
first one's line; `export`, `move`, `move-section`, `apply`, `diff`, `merge` and the other commands
refuse it (exit 65), naming the line and how to resolve it:

```
$ tilegrid merge todo.md todo-ann.md todo-bob.md -o merged.md 2> /dev/null
$ tilegrid check merged.md
tilegrid: merged.md: line 5: 1 unresolved merge conflict (lines 5-17: Buy milk: ours moved it to Done, theirs after "Walk the dog" in Todo)
$ tilegrid move merged.md 0.0 1.0 -i
tilegrid: merged.md: line 5: an unresolved merge conflict; resolve them first in the editor ('tilegrid merged.md': its Conflicts panel), with 'git mergetool --tool=tilegrid', or by hand (keep one side of each '<<<<<<<' ... '>>>>>>>' block, and the markers go)
$ tilegrid merge base.json mine.json yours.json -o merged.json 2> /dev/null
$ tilegrid check merged.json
tilegrid: merged.json: line 138: 1 unresolved merge conflict (tile "blue": moved by ours to others:0, by theirs to archive:0; took ours)
```

The editor opens a conflicted file with its [Conflicts panel](#in-the-editor), where each conflict
is resolved with one key; by hand, keep one side of each marker block (in JSON: apply one side's
lines with `tilegrid apply`, then delete the `conflicts` key). A file that is no longer conflicted is
plain again.
"""#)

  /// Not one of `tilegrid help`'s topics: the manual's EXIT STATUS (`TileGridCommand.manual`).
  static let exitStatusText = Self(
    name: "exit-status", summary: "what each exit status means",
    source: ("docs/command-line.md", "## Exit status"),
    markdown: #"""
## Exit status

| status | meaning |
|---|---|
| 0 | done |
| 1 | `diff`: the arrangements differ; `merge`: it merged with conflicts (the result is written, recording them); `check`: a file records unresolved merge conflicts; the editor in pipe mode (standard output not a terminal) quit without saving: nothing was written |
| 64 | the command line is wrong: an unknown command or option, a missing `--width`, a size of 0, a malformed `FROM`/`TO`, `-` twice |
| 65 | the data is wrong: a file that is not a valid arrangement (`check`: any of them), a bad line in an events file or an edit script, a `FROM`/`TO` naming no tile or section; or a move or a script's line was refused |
| 66 | an input file is missing or cannot be opened (the editor's `FILE` too) |
| 69 | the editor has no terminal: use `export`, `render` or `play`; `git-setup` is not in a git repository (or git cannot run) |
| 73 | an output cannot be written: read-only without `--force`, changed on disk since it was read (`-i`), a missing or read-only directory; the editor's `--record` file cannot be created |
| 74 | reading or writing failed part way (a full disk, an I/O error); the old file is intact |
| 129 | the editor was ended by SIGHUP (or its terminal went away); unsaved changes are in a recovery file |
| 143 | the editor was ended by SIGTERM; unsaved changes are in a recovery file |

`check` with several failures exits with the first of 65, 66, 74 that any file has
([check](#tilegrid-check)).
"""#)
}
