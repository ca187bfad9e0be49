// The Foundation this layer and the layers above it use, said once: its core (FoundationEssentials: dates,
// data, UUIDs, without ICU or the network stack) where the toolchain has it, so that `shop` starts fast;
// the whole of Foundation elsewhere. A file that needs more imports it itself.
#if canImport(FoundationEssentials)
    @_exported import FoundationEssentials
#else
    @_exported import Foundation
#endif
