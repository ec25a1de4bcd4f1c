// The word alignment the keyboard links on its own, re-exported so that `import WordMatching` gives all of word
// matching.
@_exported import WordChanges
