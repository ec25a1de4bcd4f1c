import Foundation

#if canImport(Darwin)
  import Darwin
#endif

/// This process's peak resident memory, for `utter keyboard`'s `memory` step.
enum PeakMemory {
  static func residentBytes() -> Int {
    #if os(Linux)
      // NB: not getrusage: Linux keeps ru_maxrss across execve, so a process started by a large one reports its
      // parent's peak. VmHWM belongs to this process's own address space.
      guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
      else { return 0 }
      return kilobytes * 1024
    #else
      var usage = rusage()
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
      return Int(usage.ru_maxrss)
    #endif
  }
}
