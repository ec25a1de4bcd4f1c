import ArgumentParser

struct BenchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure speed, memory and accuracy.",
    subcommands: [
      BenchTranscribeCommand.self, BenchSessionCommand.self, BenchFormatCommand.self, BenchStoreCommand.self,
      BenchLearningCommand.self, BenchColdStartCommand.self, BenchServeCommand.self,
    ]
  )
}
