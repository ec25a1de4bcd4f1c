/// Polls `condition` every 10 ms, up to `timeout / 10 ms` times: counted in polls rather than wall time, so that
/// a machine too loaded to run the code under test also stretches the wait. Waits for an event, never for time.
public func eventually(timeout: Double = 5, _ condition: () async -> Bool) async -> Bool {
  for _ in 0..<Int(timeout * 100) {
    if await condition() { return true }
    try? await Task.sleep(nanoseconds: 10_000_000)
  }
  return await condition()
}
