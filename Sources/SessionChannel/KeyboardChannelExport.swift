// NB: the messages, the files and the keyboard's side of the channel live in KeyboardChannel, the part the keyboard
// links; every module that imports SessionChannel still sees them.
@_exported import KeyboardChannel
