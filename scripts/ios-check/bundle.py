"""What App Store Connect checks in an upload, held on the generated project and each target's bundle files.

Each rule returns lines `path:line: rule: message` naming the file to change: App/project.yml (XcodeGen writes each
target's Info.plist and entitlements from it), a privacy manifest, the icon's files, a Swift file. The rules that read
only files run before anything compiles (`Bundle.before_build`); the usage-string and required-reason rules read what
a target's linked binary references (`Bundle.binary_rules`), so they run after the link. A note (`Finding.notes`) is
a line that does not fail: something a rule could not see, or a declaration nothing here proves is used.

The rules, each with the page of Apple's it follows:
- version: CFBundleShortVersionString (three period-separated integers at most) and CFBundleVersion are set once build
  settings are substituted, the build is one integer, and every extension's pair equals the app's (App Store Connect
  warns of an extension whose pair differs, ITMS-90473). The build number only grows: see `build_increasing`.
  https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundleversion
  https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundleshortversionstring
- usage-string: a target whose binary references a protected resource's API has that resource's purpose string,
  non-empty, in its Info.plist: iOS ends an app that asks without one, and App Store Connect refuses the upload
  (ITMS-90683), also for an API only a library calls.
  https://developer.apple.com/documentation/uikit/requesting-access-to-protected-resources
- privacy-manifest and required-reason: every app and extension ships a PrivacyInfo.xcprivacy, whose required-reason
  categories each carry an approved reason, and which declares every category whose APIs the target's binary
  references (ITMS-91053). https://developer.apple.com/documentation/bundleresources/privacy-manifest-files and
  https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api
- app-icon: the app names its icon set (ASSETCATALOG_COMPILER_APPICON_NAME), an asset catalog among its resources
  holds it, its Contents.json has the one 1024x1024 universal iOS image of the default appearance, and that PNG is
  1024×1024 without alpha (ITMS-90022/90023: no icon; ITMS-90717: "can't be transparent nor contain an alpha channel").
  https://developer.apple.com/documentation/xcode/configuring-your-app-icon
- app-group: every target with entitlements names the same App Groups, and the group the Swift code opens is one of
  them (`containerURL(forSecurityApplicationGroupIdentifier:)` returns nil for a group the entitlement lacks).
  https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.security.application-groups
- extension-point: the keyboard says com.apple.keyboard-service with NSExtensionPrincipalClass naming its
  UIInputViewController subclass (module-qualified), the widgets com.apple.widgetkit-extension, and each extension's
  bundle identifier extends the app's.
  https://developer.apple.com/documentation/bundleresources/information-property-list/nsextension (its
  nsextensionpointidentifier and nsextensionprincipalclass pages)
  https://developer.apple.com/documentation/uikit/creating-a-custom-keyboard
(device-family, ITMS-90474, is in rules.py; notices, the third-party licences, in notices.py.)
"""

from __future__ import annotations

import hashlib
import json
import plistlib
import re
import struct
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from project import XcodeTarget, spec_line

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = "PrivacyInfo.xcprivacy"
VARIABLE = re.compile(r"\$[({](\w+)(?::[^)}]*)?[)}]")
MARKETING = re.compile(r"^\d+(\.\d+){0,2}$")
GROUP = re.compile(r"\"(group\.[A-Za-z0-9.-]+)\"")
KEYBOARD_CLASS = re.compile(r"class\s+(\w+)\s*:\s*UIInputViewController\b")
WIDGET_ENTRY = re.compile(r"@main\s+(?:@\w+\s+)*struct\s+\w+\s*:\s*(?:Widget|WidgetBundle)\b")
KEYBOARD_POINT = "com.apple.keyboard-service"
WIDGET_POINT = "com.apple.widgetkit-extension"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
COLOUR_TYPES = {0: "grey", 2: "RGB", 3: "palette", 4: "grey+alpha", 6: "RGBA"}
REASONS_SOURCE = ROOT / "Sources/PhoneRules/RequiredReasonAPI.swift"


@dataclass
class Finding:
  """What the rules found: lines that fail the check, notes that do not, and a summary per target."""

  problems: list[str] = field(default_factory=list)
  notes: list[str] = field(default_factory=list)
  summary: dict[str, list[str]] = field(default_factory=dict)

  def add(self, target: str, part: str) -> None:
    self.summary.setdefault(target, []).append(part)


@dataclass
class References:
  """What a linked binary asks of the system: its undefined symbols (C functions and constants, Objective-C classes as
  `_OBJC_CLASS_$_Name`, Swift symbols, also demangled) and the Objective-C selectors its code sends (the method names
  the linker keeps in `__TEXT,__objc_methname`: a message to an SDK class is a selector, not a symbol)."""

  symbols: set[str] = field(default_factory=set)
  swift: list[str] = field(default_factory=list)
  selectors: set[str] = field(default_factory=set)

  def merge(self, other: References) -> References:
    return References(self.symbols | other.symbols, self.swift + other.swift, self.selectors | other.selectors)


@dataclass(frozen=True)
class Use:
  """One way a binary shows it uses an API: an Objective-C class (with a selector that starts with `selector`, when
  given), a C symbol, a selector alone, or a demangled Swift name matching `pattern`."""

  kind: str  # class, symbol, selector, swift
  name: str
  selector: str | None = None

  def match(self, refs: References) -> str | None:
    """What in `refs` shows the use, as a reader would name it; None when nothing does."""
    if self.kind == "class":
      if f"_OBJC_CLASS_$_{self.name}" not in refs.symbols:
        return None
      if self.selector is None:
        return self.name
      sent = sorted(s for s in refs.selectors if s.startswith(self.selector))
      return f"{self.name} {sent[0]}" if sent else None
    if self.kind == "symbol":
      return self.name.lstrip("_") if self.name in refs.symbols else None
    if self.kind == "selector":
      return self.name if self.name in refs.selectors else None
    return next((m[0] for line in refs.swift for m in [re.search(self.name, line)] if m), None)


def objc(name: str, selector: str | None = None) -> Use:
  return Use("class", name, selector)


def c(*names: str) -> list[Use]:
  return [Use("symbol", "_" + n) for n in names]


def swift(pattern: str) -> Use:
  return Use("swift", pattern)


def selector(name: str) -> Use:
  return Use("selector", name)


@dataclass(frozen=True)
class UsageKey:
  """A protected resource: the Info.plist keys that explain it (any one will do) and the uses that need one."""

  keys: tuple[str, ...]
  what: str
  uses: tuple[Use, ...]
  needs_local_networking: bool = False  # only when the Info.plist lets ATS reach local hosts


# Symbols and selectors meaning a protected resource, from Apple's pages for each framework's authorization call; the
# keys are Apple's (https://developer.apple.com/documentation/uikit/requesting-access-to-protected-resources).
USAGE_KEYS = [
  # https://developer.apple.com/documentation/bundleresources/information-property-list/nsmicrophoneusagedescription:
  # asking for record permission, recording, or an audio engine's input node (the microphone).
  UsageKey(("NSMicrophoneUsageDescription",), "the microphone", (
    objc("AVAudioApplication", "requestRecordPermission"), objc("AVAudioSession", "requestRecordPermission"),
    objc("AVAudioEngine", "inputNode"), objc("AVAudioRecorder"))),
  # https://developer.apple.com/documentation/speech/asking-permission-to-use-speech-recognition: SFSpeechRecognizer
  # asks; SpeechAnalyzer's transcribers send nothing to Apple and do not ask, but App Store Connect's scan flags code
  # that references the Speech framework's recognizers without the key, so both count.
  UsageKey(("NSSpeechRecognitionUsageDescription",), "speech recognition", (
    objc("SFSpeechRecognizer"), swift(r"\bSpeech\.(?:SpeechAnalyzer|SpeechTranscriber|DictationTranscriber)\b"))),
  # https://developer.apple.com/documentation/technotes/tn3179-understanding-local-network-privacy: any contact with a
  # local-network device asks, with this string. An Info.plist that lets ATS reach local hosts
  # (NSAllowsLocalNetworking, PhoneRules.TransportSecurity) says the app talks to them; with a networking API
  # referenced, it needs the string.
  UsageKey(("NSLocalNetworkUsageDescription",), "the local network", (
    objc("NSURLSession"), swift(r"\bNetwork\.NWConnection\b"), *c("nw_connection_create")),
    needs_local_networking=True),
  UsageKey(("NSPhotoLibraryUsageDescription", "NSPhotoLibraryAddUsageDescription"), "the photo library",
           (objc("PHPhotoLibrary"),)),
  UsageKey(("NSContactsUsageDescription",), "contacts", (objc("CNContactStore"),)),
  UsageKey(("NSLocationWhenInUseUsageDescription",), "location", (
    objc("CLLocationManager", "requestWhenInUseAuthorization"),
    objc("CLLocationManager", "requestAlwaysAuthorization"))),
  UsageKey(("NSCalendarsFullAccessUsageDescription", "NSCalendarsWriteOnlyUsageDescription"), "calendars", (
    objc("EKEventStore", "requestFullAccessToEvents"), objc("EKEventStore", "requestWriteOnlyAccessToEvents"))),
  UsageKey(("NSRemindersFullAccessUsageDescription",), "reminders",
           (objc("EKEventStore", "requestFullAccessToReminders"),)),
  UsageKey(("NSBluetoothAlwaysUsageDescription",), "Bluetooth",
           (objc("CBCentralManager"), objc("CBPeripheralManager"))),
  UsageKey(("NSFaceIDUsageDescription",), "Face ID", (objc("LAContext", "evaluatePolicy"),)),
  UsageKey(("NSUserTrackingUsageDescription",), "tracking",
           (objc("ATTrackingManager", "requestTrackingAuthorization"),)),
  UsageKey(("NSMotionUsageDescription",), "motion", (objc("CMMotionActivityManager"), objc("CMPedometer"))),
  UsageKey(("NSHealthShareUsageDescription",), "health data", (objc("HKHealthStore", "requestAuthorization"),)),
]

# Each required-reason category and what in a binary means it, from Apple's list of the category's APIs
# (https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api): the C functions,
# the Foundation constants (NSFileModificationDate, NSURLVolumeAvailableCapacityKey, …) a Swift
# `FileAttributeKey` or `URLResourceKey` compiles to, the URLResourceValues properties, and the selectors.
REQUIRED_REASON_USES: dict[str, tuple[str, list[Use]]] = {
  "NSPrivacyAccessedAPICategoryUserDefaults": ("UserDefaults", [
    objc("NSUserDefaults"), swift(r"\bSwiftUI\.AppStorage\b"),
    *c("CFPreferencesCopyAppValue", "CFPreferencesSetAppValue", "CFPreferencesCopyValue", "CFPreferencesSetValue")]),
  "NSPrivacyAccessedAPICategoryFileTimestamp": ("file timestamps", [
    *c("stat", "fstat", "lstat", "fstatat", "getattrlist", "fgetattrlist", "getattrlistat", "getattrlistbulk",
       "NSFileCreationDate", "NSFileModificationDate", "NSURLContentModificationDateKey", "NSURLCreationDateKey"),
    swift(r"\bFoundation\.URLResourceValues\.(?:creationDate|contentModificationDate)\b"),
    selector("fileModificationDate"), selector("fileCreationDate")]),
  "NSPrivacyAccessedAPICategorySystemBootTime": ("system boot time", [
    *c("mach_absolute_time"), selector("systemUptime")]),
  "NSPrivacyAccessedAPICategoryDiskSpace": ("disk space", [
    *c("statfs", "statvfs", "fstatfs", "fstatvfs", "NSFileSystemFreeSize", "NSFileSystemSize",
       "NSURLVolumeAvailableCapacityKey", "NSURLVolumeAvailableCapacityForImportantUsageKey",
       "NSURLVolumeAvailableCapacityForOpportunisticUsageKey", "NSURLVolumeTotalCapacityKey"),
    swift(r"\bFoundation\.URLResourceValues\.volume(?:Available|Total)Capacity")]),
  "NSPrivacyAccessedAPICategoryActiveKeyboards": ("active keyboards", [selector("activeInputModes")]),
}


def approved_reasons() -> dict[str, set[str]]:
  """Apple's approved reasons per category for an app's own use, read from PhoneRules.RequiredReasonAPI (the package
  holds the list once; its tests check the manifests' sources against it too)."""
  text = REASONS_SOURCE.read_text(encoding="utf-8")
  names = dict(re.findall(r"case (\w+) = \"(NSPrivacyAccessedAPICategory\w+)\"", text))
  block = text[text.index("approvedReasons"):]
  reasons = {case: set(re.findall(r"\"([0-9A-F]{4}\.\d)\"", body))
             for case, body in re.findall(r"case \.(\w+): \[([^\]]*)\]", block)}
  return {names[case]: found for case, found in reasons.items() if case in names}


# --- reading a binary -------------------------------------------------------------------------------------------


def objc_selectors(binary: Path) -> set[str]:
  """The selector names in a thin 64-bit Mach-O's `__objc_methname` section (parsed here: the load commands'
  LC_SEGMENT_64 entries and their sections)."""
  data = binary.read_bytes()
  if len(data) < 32 or struct.unpack_from("<I", data, 0)[0] != 0xFEEDFACF:
    return set()
  commands = struct.unpack_from("<I", data, 16)[0]
  offset = 32
  names: set[str] = set()
  for _ in range(commands):
    command, size = struct.unpack_from("<II", data, offset)
    if command == 0x19:  # LC_SEGMENT_64: 72 bytes, then `nsects` section_64 records of 80 bytes
      for index in range(struct.unpack_from("<I", data, offset + 64)[0]):
        section = offset + 72 + index * 80
        if data[section:section + 16].rstrip(b"\0") == b"__objc_methname":
          length = struct.unpack_from("<Q", data, section + 40)[0]
          start = struct.unpack_from("<I", data, section + 48)[0]
          names |= {n.decode("utf-8", "replace") for n in data[start:start + length].split(b"\0") if n}
    offset += size
  return names


def references(nm: str, binary: Path) -> References:
  """Every symbol `binary` leaves undefined (from the SDK's stubs or dynamically looked up), with the Swift ones
  demangled, and its selectors."""
  listed = subprocess.run([nm, "-u", "-j", str(binary)], text=True, capture_output=True).stdout.split()
  symbols = set(listed)
  mangled = sorted(s for s in symbols if s.lstrip("_").startswith("$s"))
  demangled = subprocess.run(["swift", "demangle", "--compact"], input="\n".join(mangled), text=True,
                             capture_output=True).stdout.splitlines()
  return References(symbols, demangled, objc_selectors(binary))


def png_facts(path: Path) -> tuple[int, int, int, bool]:
  """(width, height, colour type, has a tRNS chunk) from a PNG's chunks; ValueError when it is no PNG."""
  data = path.read_bytes()
  if data[:8] != PNG_SIGNATURE:
    raise ValueError("not a PNG file")
  position, header, transparency = 8, None, False
  while position + 8 <= len(data):
    length, kind = struct.unpack_from(">I4s", data, position)
    body = data[position + 8:position + 8 + length]
    if kind == b"IHDR":
      header = struct.unpack_from(">IIBB", body)
    elif kind == b"tRNS":
      transparency = True
    elif kind == b"IEND":
      break
    position += 12 + length
  if header is None:
    raise ValueError("no IHDR chunk")
  width, height, _, colour = header
  return width, height, colour, transparency


# --- the bundle -----------------------------------------------------------------------------------------------


def substitute(value: object, settings: dict[str, object]) -> object:
  """`value` with `$(NAME)` and `${NAME}` replaced by build settings, as Xcode's Info.plist processing does."""
  if isinstance(value, dict):
    return {k: substitute(v, settings) for k, v in value.items()}
  if isinstance(value, list):
    return [substitute(v, settings) for v in value]
  if not isinstance(value, str):
    return value
  for _ in range(5):
    replaced = VARIABLE.sub(lambda m: str(settings[m[1]]) if m[1] in settings else m[0], value)
    if replaced == value:
      break
    value = replaced
  return value


def shown(path: Path) -> str:
  try:
    return str(path.resolve().relative_to(ROOT))
  except ValueError:
    return str(path)


def line_of(path: Path, text: str) -> int:
  """The first line of `path` containing `text`, else 1."""
  for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
    if text in line:
      return number
  return 1


def build_settings(target: XcodeTarget) -> dict[str, object]:
  """The Release settings with the ones Xcode derives for every target."""
  settings: dict[str, object] = {"TARGET_NAME": target.name, "DEVELOPMENT_LANGUAGE": "en"}
  settings.update(target.settings.get("Release", {}))
  settings.setdefault("PRODUCT_NAME", target.name)
  settings["PRODUCT_NAME"] = substitute(settings["PRODUCT_NAME"], settings)
  settings.setdefault("EXECUTABLE_NAME", settings["PRODUCT_NAME"])
  settings["PRODUCT_MODULE_NAME"] = target.module_name()
  return settings


class Bundle:
  """The app's targets as their bundles would hold them: resolved Info.plists, entitlements, privacy manifests."""

  def __init__(self, app: Path, targets: list[XcodeTarget]) -> None:
    self.app = app
    self.spec = app / "project.yml"
    self.targets = targets
    self.info = {t.name: substitute(t.info, build_settings(t)) for t in targets}
    self.reasons = approved_reasons()
    self.application = next((t for t in targets if t.is_application), None)

  def shipped(self) -> list[XcodeTarget]:
    """The app and its extensions: the bundles that carry their own Info.plist rules and privacy manifest."""
    return [t for t in self.targets if t.is_application or t.is_extension]

  def at(self, target: str | None, *keys: str) -> str:
    return f"{shown(self.spec)}:{spec_line(self.spec, target, *keys)}"

  # --- before anything compiles ---

  def before_build(self) -> Finding:
    found = Finding()
    for rule in (self.versions, self.build_increasing, self.manifests, self.app_icon, self.app_groups,
                 self.extension_points):
      rule(found)
    return found

  def versions(self, found: Finding) -> None:
    """version: the pair is set after substitution, the build one integer (the release workflow's counter, so one
    number orders every upload), and extensions carry the app's pair (ITMS-90473)."""
    pairs: dict[str, tuple[str, str]] = {}
    for target in self.shipped() + [t for t in self.targets if t.is_framework]:
      info = self.info[target.name]
      marketing = str(info.get("CFBundleShortVersionString", ""))
      build = str(info.get("CFBundleVersion", ""))
      if not MARKETING.match(marketing):
        found.problems.append(f"{self.at(target.name, 'CFBundleShortVersionString', 'info')}: version:"
                              f" {target.name}'s CFBundleShortVersionString is {marketing or 'missing'!r}; it must be"
                              " one to three period-separated integers (MARKETING_VERSION)")
      if not re.fullmatch(r"\d+", build) or len(build) > 9:
        found.problems.append(f"{self.at(None, 'CURRENT_PROJECT_VERSION')}: version: {target.name}'s CFBundleVersion"
                              f" is {build or 'missing'!r}; it must be one integer (CURRENT_PROJECT_VERSION), which"
                              " the release workflow raises for every upload")
      pairs[target.name] = (marketing, build)
      found.add(target.name, f"version {marketing} ({build})")
    if self.application is None:
      return
    app_pair = pairs[self.application.name]
    for target in self.shipped():
      if target.is_extension and pairs[target.name] != app_pair:
        found.problems.append(f"{self.at(target.name, 'CFBundleShortVersionString', 'info')}: version:"
                              f" {target.name} is {pairs[target.name][0]} ({pairs[target.name][1]}) but the app is"
                              f" {app_pair[0]} ({app_pair[1]}); an extension's CFBundleShortVersionString and"
                              " CFBundleVersion must equal its app's (ITMS-90473)")

  def build_increasing(self, found: Finding) -> None:
    """version: App Store Connect takes a build only with a CFBundleVersion higher than the last one uploaded for
    that version, and it cannot be asked from here. The release workflow (.github/workflows/release.yml) uploads
    build CURRENT_PROJECT_VERSION + its run number, and run numbers only grow; so the builds it uploads only grow as
    long as App/project.yml's CURRENT_PROJECT_VERSION never goes down. That is checked here: the value now must not be
    lower than the highest any commit of App/project.yml held (git log -G; every value it ever had, so a lowering
    already committed is caught too). Without the repository's history (a shallow clone) this is a note."""
    if self.application is None:
      return
    now = str(build_settings(self.application).get("CURRENT_PROJECT_VERSION", ""))
    if not now.isdigit():
      return
    log = subprocess.run(["git", "log", "--format=%H", "-G", "CURRENT_PROJECT_VERSION", "--", "App/project.yml"],
                         cwd=ROOT, text=True, capture_output=True)
    commits = log.stdout.split()
    if log.returncode != 0 or not commits:
      found.notes.append(f"{self.at(None, 'CURRENT_PROJECT_VERSION')}: version: no history of App/project.yml here"
                         " (not a clone, or a shallow one): the build number's growth is not checked")
      return
    highest, where = -1, ""
    for commit in commits:
      text = subprocess.run(["git", "show", f"{commit}:App/project.yml"], cwd=ROOT, text=True,
                            capture_output=True).stdout
      for value in re.findall(r"^\s*CURRENT_PROJECT_VERSION:\s*\"?(\d+)\"?\s*$", text, re.M):
        if int(value) > highest:
          highest, where = int(value), commit[:10]
    if int(now) < highest:
      found.problems.append(f"{self.at(None, 'CURRENT_PROJECT_VERSION')}: version: CURRENT_PROJECT_VERSION is {now},"
                            f" lower than {highest} in commit {where}: the release workflow's build numbers (this plus"
                            " the run number) could repeat ones App Store Connect already has; never lower it")

  def manifest_of(self, target: XcodeTarget) -> Path | None:
    return next((r for r in target.resources if r.name == MANIFEST), None)

  def declared(self, target: XcodeTarget) -> dict[str, list[str]] | None:
    path = self.manifest_of(target)
    if path is None or not path.is_file():
      return None
    with open(path, "rb") as handle:
      manifest = plistlib.load(handle)
    return {str(e.get("NSPrivacyAccessedAPIType")): [str(r) for r in e.get("NSPrivacyAccessedAPITypeReasons", [])]
            for e in manifest.get("NSPrivacyAccessedAPITypes", []) if isinstance(e, dict)}

  def manifests(self, found: Finding) -> None:
    """privacy-manifest: each app and extension ships one PrivacyInfo.xcprivacy (in its resources phase), and each
    category it declares is one of Apple's with at least one approved reason."""
    for target in self.shipped():
      path = self.manifest_of(target)
      if path is None or not path.is_file():
        found.problems.append(f"{self.at(target.name, 'sources')}: privacy-manifest: {target.name} ships no {MANIFEST}"
                              " (put one in its folder: XcodeGen adds it to the resources phase)")
        continue
      try:
        declared = self.declared(target) or {}
      except (plistlib.InvalidFileException, ValueError, AttributeError) as error:
        found.problems.append(f"{shown(path)}:1: privacy-manifest: not a property list ({error})")
        continue
      for category, reasons in declared.items():
        line = f"{shown(path)}:{line_of(path, category)}"
        if category not in self.reasons:
          found.problems.append(f"{line}: privacy-manifest: {category} is not a required-reason category of Apple's")
        elif not reasons or set(reasons) - self.reasons[category]:
          found.problems.append(f"{line}: privacy-manifest: {category} needs one or more of Apple's approved reasons"
                                f" ({', '.join(sorted(self.reasons[category]))}), not {reasons or 'none'}")

  def app_icon(self, found: Finding) -> None:
    """app-icon: the icon set the app names, in an asset catalog it ships, with one 1024x1024 universal iOS image of
    the default appearance (dark and tinted variants, which carry `appearances`, may sit beside it), and that image a
    1024×1024 PNG of colour type 0 or 2 with no tRNS chunk: no alpha channel, no transparency (ITMS-90717)."""
    target = self.application
    if target is None:
      return
    name = str(build_settings(target).get("ASSETCATALOG_COMPILER_APPICON_NAME", "") or "")
    where = self.at(target.name, "ASSETCATALOG_COMPILER_APPICON_NAME", "settings")
    if not name:
      found.problems.append(f"{where}: app-icon: {target.name} names no app icon (ASSETCATALOG_COMPILER_APPICON_NAME);"
                            " App Store Connect refuses a build without one (ITMS-90022)")
      return
    sets = [r / f"{name}.appiconset" for r in target.resources if r.suffix == ".xcassets"]
    icon_set = next((s for s in sets if s.is_dir()), None)
    if icon_set is None:
      found.problems.append(f"{where}: app-icon: {target.name} names the icon {name}, but no asset catalog among its"
                            f" resources holds {name}.appiconset (ITMS-90022)")
      return
    contents = icon_set / "Contents.json"
    try:
      images = json.loads(contents.read_text(encoding="utf-8"))["images"]
    except (OSError, ValueError, KeyError) as error:
      found.problems.append(f"{shown(contents)}:1: app-icon: unreadable ({error})")
      return
    plain = [i for i in images if not i.get("appearances")]
    wanted = [i for i in plain if i.get("idiom") == "universal" and i.get("platform") == "ios"
              and i.get("size") == "1024x1024" and i.get("filename")]
    if len(plain) != 1 or len(wanted) != 1:
      found.problems.append(f"{shown(contents)}:1: app-icon: {name} must hold one image of the default appearance,"
                            " idiom universal, platform ios, size 1024x1024, with a filename; it holds"
                            f" {len(plain)} ({len(wanted)} such)")
      return
    image = icon_set / str(wanted[0]["filename"])
    try:
      width, height, colour, transparency = png_facts(image)
    except (OSError, ValueError, struct.error) as error:
      found.problems.append(f"{shown(image)}:1: app-icon: {error}")
      return
    kind = COLOUR_TYPES.get(colour, f"colour type {colour}")
    if (width, height) != (1024, 1024):
      found.problems.append(f"{shown(image)}:1: app-icon: the icon is {width}×{height}; it must be 1024×1024")
    if colour not in (0, 2) or transparency:
      found.problems.append(f"{shown(image)}:1: app-icon: the icon has an alpha channel ({kind}"
                            + (", tRNS" if transparency else "") + "); App Store Connect refuses a transparent icon"
                            " or one with alpha (ITMS-90717): write it as RGB")
    found.add(target.name, f"icon {width}×{height} {kind}")

  def app_groups(self, found: Finding) -> None:
    """app-group: one set of App Groups across the targets with entitlements; the Swift code's group among them, and
    each target's `UtterAppGroup` Info.plist value too."""
    entitled = [t for t in self.targets if t.entitlements is not None]
    if not entitled:
      return
    groups = {t.name: sorted(map(str, t.entitlements.get("com.apple.security.application-groups", [])))
              for t in entitled}
    reference = groups[self.application.name] if self.application in entitled else groups[entitled[0].name]
    for target in entitled:
      where = self.at(target.name, "com.apple.security.application-groups", "entitlements")
      if not groups[target.name]:
        found.problems.append(f"{where}: app-group: {target.name}'s entitlements name no App Group; the app, keyboard"
                              " and widgets share their files through one")
      elif groups[target.name] != reference:
        found.problems.append(f"{where}: app-group: {target.name}'s entitlements name {groups[target.name]}, the app's"
                              f" {reference}; each target must name the same App Groups")
      named = self.info[target.name].get("UtterAppGroup")
      if named is not None and named not in groups[target.name]:
        found.problems.append(f"{self.at(target.name, 'UtterAppGroup')}: app-group: {target.name}'s UtterAppGroup is"
                              f" {named!r}, which its entitlements do not name")
    used = 0
    folders = [ROOT / "Sources", self.app]
    for source in sorted(p for folder in folders for p in folder.rglob("*.swift")):
      text = source.read_text(encoding="utf-8")
      for match in GROUP.finditer(text):
        used += 1
        if match[1] not in reference:
          found.problems.append(f"{shown(source)}:{text.count(chr(10), 0, match.start()) + 1}: app-group: the code"
                                f" opens {match[1]}, which the entitlements do not name ({reference}); its container"
                                " would be nil on the phone")
    if not used:
      found.notes.append(f"{self.at(None, 'targets')}: app-group: no Swift file names a group identifier; what the"
                         " code opens is not checked")
    for target in entitled:
      found.add(target.name, "app group " + ", ".join(groups[target.name]))

  def extension_points(self, found: Finding) -> None:
    """extension-point: a keyboard (its code subclasses UIInputViewController) says com.apple.keyboard-service and
    names that class, module-qualified, as NSExtensionPrincipalClass; a widget extension (its @main is a Widget or
    WidgetBundle) says com.apple.widgetkit-extension; every extension's bundle identifier is the app's plus a dot
    and more, as an embedded bundle's must be."""
    app_id = str(self.info[self.application.name].get("CFBundleIdentifier", "")) if self.application else ""
    for target in [t for t in self.targets if t.is_extension]:
      extension = self.info[target.name].get("NSExtension") or {}
      point = str(extension.get("NSExtensionPointIdentifier", "")) if isinstance(extension, dict) else ""
      principal = str(extension.get("NSExtensionPrincipalClass", "")) if isinstance(extension, dict) else ""
      where = self.at(target.name, "NSExtensionPointIdentifier", "NSExtension", "info")
      code = {s: s.read_text(encoding="utf-8") for s in target.sources}
      keyboards = [m[1] for text in code.values() for m in KEYBOARD_CLASS.finditer(text)]
      widget = any(WIDGET_ENTRY.search(text) for text in code.values())
      if keyboards:
        wanted = f"{target.module_name()}.{keyboards[0]}"
        if point != KEYBOARD_POINT:
          found.problems.append(f"{where}: extension-point: {target.name} is a keyboard ({keyboards[0]}) but says"
                                f" NSExtensionPointIdentifier {point or 'nothing'!r}, not {KEYBOARD_POINT}")
        if principal != wanted:
          found.problems.append(f"{self.at(target.name, 'NSExtensionPrincipalClass', 'NSExtension')}: extension-point:"
                                f" {target.name}'s NSExtensionPrincipalClass is {principal or 'missing'!r}; iOS loads"
                                f" {wanted} only when it says so")
        found.add(target.name, f"{point} → {principal}")
      elif widget:
        if point != WIDGET_POINT:
          found.problems.append(f"{where}: extension-point: {target.name}'s @main is a widget but it says"
                                f" NSExtensionPointIdentifier {point or 'nothing'!r}, not {WIDGET_POINT}")
        found.add(target.name, point)
      elif not point:
        found.problems.append(f"{where}: extension-point: {target.name} says no NSExtensionPointIdentifier")
      bundle_id = str(self.info[target.name].get("CFBundleIdentifier", ""))
      if app_id and not bundle_id.startswith(app_id + "."):
        found.problems.append(f"{self.at(target.name, 'PRODUCT_BUNDLE_IDENTIFIER')}: extension-point: {target.name}'s"
                              f" bundle identifier {bundle_id!r} must start with the app's, {app_id}.")

  # --- after the link ---

  def binary_rules(self, target: XcodeTarget, refs: References, found: Finding) -> None:
    """usage-string and required-reason, for an app or extension, from the references of its binary and of the
    framework targets it links."""
    info = self.info[target.name]
    explained = 0
    for usage in USAGE_KEYS:
      uses = [m for u in usage.uses for m in [u.match(refs)] if m]
      if not uses:
        continue
      transport = info.get("NSAppTransportSecurity") or {}
      if usage.needs_local_networking and not (isinstance(transport, dict) and (
          transport.get("NSAllowsLocalNetworking") in (True, "YES") or transport.get("NSAllowsArbitraryLoads") in (
            True, "YES"))):
        continue
      present = [k for k in usage.keys if isinstance(info.get(k), str) and info[k].strip()]
      if present:
        explained += 1
        continue
      key = usage.keys[0]
      found.problems.append(f"{self.at(target.name, key, 'info')}: usage-string: {target.name}'s code uses"
                            f" {usage.what} ({', '.join(uses[:3])}) but its Info.plist has no non-empty"
                            f" {' or '.join(usage.keys)}: iOS ends the app when it asks, and App Store Connect refuses"
                            " the upload (ITMS-90683)")
    found.add(target.name, f"{explained} usage strings")
    declared = self.declared(target)
    if declared is None:
      return
    manifest = self.manifest_of(target)
    assert manifest is not None
    used = []
    for category, (what, uses) in REQUIRED_REASON_USES.items():
      hits = [m for u in uses for m in [u.match(refs)] if m]
      if hits:
        used.append(category)
        if not declared.get(category):
          found.problems.append(f"{shown(manifest)}:1: required-reason: {target.name}'s binary uses {what}"
                                f" ({', '.join(hits[:3])}) but its privacy manifest does not declare"
                                f" {category} with a reason (ITMS-91053)")
      elif category in declared:
        # NB: a note, not a failure: a use the scan cannot see (code inlined from an SDK, a symbol looked up at run
        # time) stays covered, and a declaration with no use costs nothing at review.
        found.notes.append(f"{shown(manifest)}:{line_of(manifest, category)}: required-reason: {target.name} declares"
                           f" {category}, but its binary references none of its APIs (kept: a note, not a failure)")
    found.add(target.name, f"{len(declared)} required-reason categories declared ({len(used)} used)")


def binary_key(app: Path, target: XcodeTarget, modules: list, flags: list[str]) -> str:
  """What a target's linked binary depends on: its Swift files (by path in its App folder) and those of the package
  modules it links, and its Swift flags. `--rules-only` reuses a binary linked for the same key."""
  digest = hashlib.sha256("\0".join(flags).encode())
  for source in target.sources:
    digest.update(str(source.relative_to(app)).encode() + b"\0" + source.read_bytes())
  for module in modules:
    for source in module.sources:
      digest.update(f"{module.package}/{module.name}/{source.name}".encode() + b"\0" + source.read_bytes())
  return digest.hexdigest()
