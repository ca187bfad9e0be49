#if canImport(Glibc)
    import Glibc
#endif

/// Tuning of the C allocator for a short-lived process that allocates a few large buffers in turn.
enum MemoryTuning {
    /// Keeps freed memory for the next allocation instead of returning it to the kernel.
    ///
    /// A large list needs big buffers one after another (the file's bytes, the items, the output text).
    /// By default glibc gives each buffer over 128 KB its own mapping and unmaps it when freed, so the next
    /// one faults fresh zeroed pages in again; where page faults are slow (about 3 µs each on the
    /// benchmark's virtual machine) that was a fifth of `list --json` on 10,000 items. Raising the mapping
    /// and trimming thresholds (32 and 64 MB) lets the heap reuse those pages. Peak memory is unchanged:
    /// what is reused was freed.
    static func keepFreedMemory() {
        #if canImport(Glibc)
            // `mallopt` is not in Swift's Glibc module; it is looked up like any C function of libc.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(nil, "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD in <malloc.h>
            let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
            _ = mallopt(mmapThreshold, 32 << 20)
            _ = mallopt(trimThreshold, 64 << 20)
        #endif
    }
}
