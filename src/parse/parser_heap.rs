//! tree-sitter's allocations on a mimalloc heap of their own.
//!
//! A parse allocates and frees a great many small blocks (stack slices, subtrees), and
//! frees them all with the tree. Extraction meanwhile allocates the file's facts, which
//! live until resolution: from the same heap, they land in the same pages as the parser's
//! blocks and stay there, so the next parse's blocks come from half-used pages spread over
//! ever more memory and every allocation and release misses the cache. On django that made
//! parsing ~12 % slower in a cold run than in a bare parse (the allocator's fast path
//! alone 25 → 150 ms of CPU); a heap of its own keeps the parser's pages to itself.

/// Installs the heap as tree-sitter's allocator. Call first thing in `main`, before any
/// tree-sitter object exists. Only on Linux, where mimalloc also serves `malloc`: a block
/// tree-sitter allocated before this (or that the grammar crates hand out) is a mimalloc
/// block either way, so `mi_free` can release it.
pub fn install() {
    #[cfg(target_os = "linux")]
    linux::install();
}

// The whole module is the FFI: the allocator's heap API and the callbacks tree-sitter calls.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
mod linux {
    use std::ffi::c_void;
    use std::sync::Once;
    use std::sync::atomic::{AtomicPtr, Ordering};

    // mimalloc is linked into every build (the global allocator); these are its heap API.
    // mimalloc 3's heaps are first-class: any thread may allocate from one, and `mi_free`
    // releases a block of any heap from any thread.
    unsafe extern "C" {
        fn mi_heap_new() -> *mut c_void;
        fn mi_heap_malloc(heap: *mut c_void, size: usize) -> *mut c_void;
        fn mi_heap_calloc(heap: *mut c_void, count: usize, size: usize) -> *mut c_void;
        fn mi_heap_realloc(heap: *mut c_void, block: *mut c_void, size: usize) -> *mut c_void;
        fn mi_free(block: *mut c_void);
    }

    static HEAP: AtomicPtr<c_void> = AtomicPtr::new(std::ptr::null_mut());

    unsafe extern "C" fn malloc(size: usize) -> *mut c_void {
        // SAFETY: `HEAP` is a live heap (set before the allocator was installed, never deleted).
        unsafe {
            mi_heap_malloc(HEAP.load(Ordering::Relaxed), size)
        }
    }

    unsafe extern "C" fn calloc(count: usize, size: usize) -> *mut c_void {
        // SAFETY: as in `malloc`.
        unsafe {
            mi_heap_calloc(HEAP.load(Ordering::Relaxed), count, size)
        }
    }

    unsafe extern "C" fn realloc(block: *mut c_void, size: usize) -> *mut c_void {
        // SAFETY: as in `malloc`; `block` is null or a mimalloc block (see `install`).
        unsafe {
            mi_heap_realloc(HEAP.load(Ordering::Relaxed), block, size)
        }
    }

    unsafe extern "C" fn free(block: *mut c_void) {
        // SAFETY: `block` is null or a mimalloc block (see `install`).
        unsafe {
            mi_free(block)
        }
    }

    pub(super) fn install() {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            // SAFETY: creating a heap has no precondition; it lives as long as the process.
                let heap = unsafe { mi_heap_new() };
            if heap.is_null() {
                return;
            }
            HEAP.store(heap, Ordering::Relaxed);
            // SAFETY: the four functions are one allocator family (mimalloc), never return
            // null for a non-zero size short of memory exhaustion (as `malloc`), align as
            // `malloc` does; `Once` keeps this from racing itself, and `install`'s caller
            // runs it before tree-sitter is used.
                unsafe {
                tree_sitter::set_allocator(Some(tree_sitter::Allocator { malloc, calloc, realloc, free }));
            }
        });
    }
}
