import CoreMetrics
import Foundation
import Metrics
import Prometheus

/// The server's Prometheus metrics (`GET /metrics`), through swift-metrics with a registry of the server's own:
/// requests by endpoint and status, their latency, the engine queue's depth and busy workers, seconds of audio read
/// and the real-time factor (seconds of work per second of audio). Nothing about a request's audio, text or token.
final class ServerMetrics: Sendable {
  private let registry: PrometheusCollectorRegistry
  private let factory: PrometheusMetricsFactory
  private let queueDepth: Meter
  private let busyWorkers: Meter
  private let audioSeconds: FloatingPointCounter
  private let realTimeFactor: Recorder

  init() {
    registry = PrometheusCollectorRegistry()
    var factory = PrometheusMetricsFactory(registry: registry)
    factory.durationHistogramBuckets["utter_request_duration_seconds"] = [
      .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2),
      .seconds(5), .seconds(10), .seconds(30), .seconds(60), .seconds(120),
    ]
    factory.valueHistogramBuckets["utter_real_time_factor"] = [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 4]
    self.factory = factory
    queueDepth = Meter(label: "utter_engine_queue_depth", factory: factory)
    busyWorkers = Meter(label: "utter_engine_busy_workers", factory: factory)
    audioSeconds = FloatingPointCounter(label: "utter_audio_seconds_total", factory: factory)
    realTimeFactor = Recorder(label: "utter_real_time_factor", aggregate: true, factory: factory)
    queueDepth.set(0)
    busyWorkers.set(0)
  }

  /// Counts one answered request and its latency.
  func request(endpoint: String, status: Int, seconds: Double) {
    Counter(
      label: "utter_http_requests_total", dimensions: [("endpoint", endpoint), ("status", String(status))],
      factory: factory
    ).increment()
    Metrics.Timer(label: "utter_request_duration_seconds", dimensions: [("endpoint", endpoint)], factory: factory)
      .recordNanoseconds(Int64(seconds * 1e9))
  }

  /// Counts a dictation's audio and how fast it was read.
  func dictation(audioSeconds seconds: Double, workSeconds: Double) {
    audioSeconds.increment(by: seconds)
    if seconds > 0 { realTimeFactor.record(workSeconds / seconds) }
  }

  /// The engine queue now.
  func engine(waiting: Int, busy: Int) {
    queueDepth.set(Double(waiting))
    busyWorkers.set(Double(busy))
  }

  /// Prometheus's text format.
  func exposition() -> String {
    registry.emitToString()
  }
}
