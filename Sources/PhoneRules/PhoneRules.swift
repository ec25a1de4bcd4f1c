/// The iPhone's rules that decide whether a feature works, as values the app applies and the simulated phone
/// (`utter host`, `utter keyboard`, the tests) obeys. Each rule lives in a file of its own with the source it was
/// read from: Apple's documentation, or the issue thread that measured it on a device.
///
/// A simulated phone kinder than an iPhone hides exactly the bugs users meet, so everything here defaults to
/// iOS's strictest behaviour; a scenario may relax one rule explicitly (`utter keyboard --lenient-proxy`).
public enum PhoneRules {}
