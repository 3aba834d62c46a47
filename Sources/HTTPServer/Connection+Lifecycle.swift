import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// Writing, source suspension and the ways a connection ends.
extension Connection {
    /// Sends queued output until done or the socket is full (then the write source takes over).
    func flush(resumeProcessing: Bool) {
        guard state != .closed, state != .lingering else { return }
        while outputOffset < output.count {
            let result = output.withUnsafeBytes { bytes in
                Socket.send(fd, UnsafeRawBufferPointer(rebasing: bytes[outputOffset...]))
            }
            switch result {
            case .bytes(let count):
                outputOffset += count
                writeDeadline = MonotonicClock.now() &+ context.writeTimeout
            case .wouldBlock:
                if writeDeadline == .max { writeDeadline = MonotonicClock.now() &+ context.writeTimeout }
                resumeWriting()
                return
            case .endOfFile, .failed:
                abort()
                return
            }
        }
        if output.capacity > 1 << 20 {
            output = []
        } else {
            output.removeAll(keepingCapacity: true)
        }
        outputOffset = 0
        writeDeadline = .max
        suspendWriting()
        if state == .closing {
            beginLingeringClose()
        } else if state == .reading {
            idleSince = MonotonicClock.now()
            if context.isShuttingDown && parser.phase == .idle {
                close()
            } else if resumeProcessing {
                process()
            }
        }
    }

    /// Shuts the write side and drains input for a while, so our last response is not destroyed
    /// by a TCP reset when the client is still sending (RFC 9112 §9.6).
    func beginLingeringClose() {
        state = .lingering
        shutdown(fd, Int32(SHUT_WR))
        lingeredBytes = 0
        setReadDeadline(.linger, at: MonotonicClock.now() &+ lingerPeriod)
        resumeReading()
    }

    /// While shutting down, a client that keeps the socket open gets a short linger only.
    var lingerPeriod: UInt64 {
        context.isShuttingDown ? min(context.lingerTimeout, 250_000_000) : context.lingerTimeout
    }

    /// Closes without lingering (peer gone, stalled writes, drain period over).
    func abort() {
        close()
    }

    func close() {
        guard state != .closed else { return }
        state = .closed
        handlingGeneration &+= 1
        readDeadline = .max
        writeDeadline = .max
        loop.forget(self)
        // A suspended source never runs its cancel handler: resume before cancelling.
        if let readSource {
            if readSuspended { readSource.resume(); readSuspended = false }
            readSource.cancel()
        }
        if let writeSource {
            if writeSuspended { writeSource.resume(); writeSuspended = false }
            writeSource.cancel()
        }
    }

    func sourceCancelled() {
        pendingCancellations -= 1
        guard pendingCancellations == 0 else { return }
        readSource = nil
        writeSource = nil
        Glibc.close(fd)
        context.openConnections.subtract(1, ordering: .relaxed)
    }

    func suspendReading() {
        guard !readSuspended, state != .closed, let readSource else { return }
        readSource.suspend()
        readSuspended = true
    }

    func resumeReading() {
        guard readSuspended, state != .closed, let readSource else { return }
        readSource.resume()
        readSuspended = false
    }

    func suspendWriting() {
        guard !writeSuspended, state != .closed, let writeSource else { return }
        writeSource.suspend()
        writeSuspended = true
    }

    func resumeWriting() {
        guard writeSuspended, state != .closed, let writeSource else { return }
        writeSource.resume()
        writeSuspended = false
    }
}
