#if os(Linux)
  /// The client providers use in production: AsyncHTTPClient on Linux, URLSession on Apple platforms.
  public typealias LiveHTTPClient = AsyncHTTPClientTransport
#else
  /// The client providers use in production: URLSession on Apple platforms, AsyncHTTPClient on Linux.
  public typealias LiveHTTPClient = URLSessionHTTPClient
#endif
