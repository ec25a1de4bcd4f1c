// NB: FieldContext and OfferedLanguage live in FieldValues, the part of these values the keyboard links; every
// module that imports DictationValues still sees them.
@_exported import FieldValues
