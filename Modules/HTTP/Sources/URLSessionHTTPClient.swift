import Foundation
import HTTPTypes
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `HTTPClient` over Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// Bounded: a request fails with `HTTPError.timedOut` when the server stays silent for
/// `timeout` seconds, and with `HTTPError.responseTooLarge` as soon as the body passes
/// `maxResponseBytes`, counted after URLSession has inflated a compressed body, so neither a
/// huge nor a gzip-bomb answer is ever held in memory. Cancelling the calling task cancels the
/// request. For a deadline on the whole call, wrap it in `DeadlineHTTPClient`.
public final class URLSessionHTTPClient: HTTPClient {
    /// The default `maxResponseBytes`: 8 MiB, far above a page of 100 characters (about 100 KB).
    public static let defaultMaxResponseBytes = 8 << 20

    /// The most bytes of body a response may carry.
    public let maxResponseBytes: Int
    private let session: URLSession
    private let transfers: Transfers
    private let timeout: TimeInterval

    /// A client without a URL cache or cookies (so conditional requests are left to
    /// `ETagHTTPClient`) that gives up after `timeout` seconds of silence or `maxResponseBytes`.
    public init(timeout: TimeInterval = 30, maxResponseBytes: Int = URLSessionHTTPClient.defaultMaxResponseBytes) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        transfers = Transfers(maxResponseBytes: maxResponseBytes)
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends through URLSession, within the time-out and the size limit.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = request.urlRequest
        urlRequest.timeoutInterval = timeout
        urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        let task = session.dataTask(with: urlRequest)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfers.begin(task.taskIdentifier, url: request.url, continuation: continuation)
                task.resume()
                if Task.isCancelled { task.cancel() }
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// The session's delegate: collects each task's body up to the limit and resumes its caller
/// when the task completes.
private final class Transfers: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var url: URL
        var body = Data()
        var tooLarge = false
        var continuation: CheckedContinuation<HTTPResponse, any Error>
    }

    private let maxResponseBytes: Int
    private let table = Mutex<[Int: Transfer]>([:])

    init(maxResponseBytes: Int) {
        self.maxResponseBytes = maxResponseBytes
    }

    func begin(_ identifier: Int, url: URL, continuation: CheckedContinuation<HTTPResponse, any Error>) {
        table.withLock { $0[identifier] = Transfer(url: url, continuation: continuation) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard response.expectedContentLength > maxResponseBytes else { return completionHandler(.allow) }
        table.withLock { $0[dataTask.taskIdentifier]?.tooLarge = true }
        completionHandler(.cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let identifier = dataTask.taskIdentifier
        let overLimit = table.withLock { table in
            guard let transfer = table[identifier], !transfer.tooLarge else { return false }
            guard transfer.body.count + data.count <= maxResponseBytes else {
                table[identifier]?.tooLarge = true
                table[identifier]?.body = Data()
                return true
            }
            table[identifier]?.body.append(data)
            return false
        }
        if overLimit { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = table.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        transfer.continuation.resume(with: result(of: transfer, response: task.response, error: error))
    }

    private func result(of transfer: Transfer, response: URLResponse?, error: (any Error)?) -> Result<HTTPResponse, any Error> {
        let url = transfer.url
        if transfer.tooLarge {
            return .failure(HTTPError.responseTooLarge(url: url, limit: maxResponseBytes))
        }
        if let error {
            switch (error as? URLError)?.code {
            case .timedOut?: return .failure(HTTPError.timedOut(url: url))
            case .cancelled?: return .failure(CancellationError())
            default: return .failure(HTTPError.transport(url: url, reason: error.localizedDescription))
            }
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(HTTPError.transport(url: url, reason: "the response was not HTTP"))
        }
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in http.allHeaderFields {
            headers[name] = value
        }
        return .success(HTTPResponse(statusCode: http.statusCode, headers: headers, body: transfer.body))
    }
}
