import ArgumentParser
import CLISupport

/// `utter-bench`, the benchmarks: `utter bench …` runs this executable with the same arguments.
@main
struct BenchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "utter bench",
    abstract: "Measure speed, memory and accuracy.",
    subcommands: [
      BenchTranscribeCommand.self, BenchSessionCommand.self, BenchFormatCommand.self, BenchStoreCommand.self,
      BenchLearningCommand.self, BenchColdStartCommand.self, BenchServeCommand.self, BenchScoreCommand.self,
    ]
  )

  /// Runs the benchmark; an error becomes one `utter: …` line on standard error and a non-zero exit.
  static func main() async {
    await mainReportingErrors()
  }
}
