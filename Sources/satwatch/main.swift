import Dispatch
import SatwatchApp

// Synchronous first: closed standard descriptors are reserved before the concurrency runtime
// opens its own (a top-level `await` would start that runtime before this line).
SatwatchCommandLine.prepareProcess()
Task { await SatwatchCommandLine.main() }
dispatchMain()
