//! tree-sitter's allocations on a mimalloc heap of their own.
//!
//! A parse allocates and frees a great many small blocks (stack slices, subtrees), and
//! frees them all with the tree. Extraction meanwhile allocates the file's facts, which
//! live until resolution: from the same heap, they land in the same pages as the parser's
//! blocks and stay there, so the next parse's blocks come from half-used pages spread over
//! ever more memory and every allocation and release misses the cache, so a cold run
//! parsed markedly slower than a bare parse (`benches/corpus.rs` compares the two). A
//! heap of its own keeps the parser's pages to itself.

/// Below this much source to parse, the parser shares the main heap: a few files leave
/// too few facts behind to scatter its pages, and a heap of its own only touches fresh
/// pages, which costs a small tree more than it saves (`benches/corpus.rs`, cold serde
/// against zod).
pub const OWN_HEAP_FROM_BYTES: u64 = 2 << 20;

/// Sets where the next parses allocate, from how many bytes they will parse. A block from
/// either heap may be freed or resized under the other setting.
pub fn choose(bytes: u64) {
    #[cfg(target_os = "linux")]
    linux::OWN.store(
        bytes >= OWN_HEAP_FROM_BYTES,
        std::sync::atomic::Ordering::Relaxed,
    );
    #[cfg(not(target_os = "linux"))]
    let _ = bytes;
}

/// Gives the pages the calling thread's heap holds free back to the system.
pub fn release_thread() {
    #[cfg(target_os = "linux")]
    linux::release_thread();
}

/// Gives the pages the parser's own heap holds free back to the system. The heap is shared
/// by every thread: call this once, not on each.
pub fn release_parser_heap() {
    #[cfg(target_os = "linux")]
    linux::release_parser_heap();
}

/// Installs mimalloc, with the parser's heap, as tree-sitter's allocator. Call first thing
/// in `main`, before any tree-sitter object exists. Only on Linux, where mimalloc also
/// serves `malloc`: a block tree-sitter allocated before this (or that a grammar crate
/// hands out) is a mimalloc block either way, so `mi_free` can release it.
pub fn install() {
    #[cfg(target_os = "linux")]
    linux::install();
}

// The whole module is the FFI: mimalloc's heap API and the callbacks tree-sitter calls.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
mod linux {
    // Linked for its C symbols even where nothing names the crate (the library's own tests).
    extern crate mimalloc as _;

    use std::ffi::c_void;
    use std::sync::Once;
    use std::sync::atomic::{AtomicBool, AtomicPtr, Ordering};

    // mimalloc is linked into every build (the global allocator). Its heaps are
    // first-class in mimalloc 3: any thread may allocate from one, and `mi_free` releases a
    // block of any heap from any thread.
    unsafe extern "C" {
        fn mi_heap_new() -> *mut c_void;
        fn mi_malloc(size: usize) -> *mut c_void;
        fn mi_calloc(count: usize, size: usize) -> *mut c_void;
        fn mi_realloc(block: *mut c_void, size: usize) -> *mut c_void;
        fn mi_heap_malloc(heap: *mut c_void, size: usize) -> *mut c_void;
        fn mi_heap_calloc(heap: *mut c_void, count: usize, size: usize) -> *mut c_void;
        fn mi_heap_realloc(heap: *mut c_void, block: *mut c_void, size: usize) -> *mut c_void;
        fn mi_free(block: *mut c_void);
        fn mi_heap_collect(heap: *mut c_void, force: bool);
        fn mi_collect(force: bool);
        #[cfg(test)]
        fn mi_heap_contains(heap: *const c_void, block: *const c_void) -> bool;
    }

    /// Whether `block` came from the parser's own heap.
    #[cfg(test)]
    pub(super) fn owns(block: usize) -> bool {
        let heap = HEAP.load(Ordering::Relaxed);
        // SAFETY: `heap` is null (then nothing is asked) or a live heap; `block` is only
        // compared against the heap's pages, never read.
        !heap.is_null() && unsafe { mi_heap_contains(heap, block as *const c_void) }
    }

    /// Set before the allocator is installed, never deleted.
    static HEAP: AtomicPtr<c_void> = AtomicPtr::new(std::ptr::null_mut());
    pub(super) static OWN: AtomicBool = AtomicBool::new(true);

    unsafe extern "C" fn malloc(size: usize) -> *mut c_void {
        // SAFETY: `HEAP` is a live heap.
        unsafe {
            if OWN.load(Ordering::Relaxed) {
                mi_heap_malloc(HEAP.load(Ordering::Relaxed), size)
            } else {
                mi_malloc(size)
            }
        }
    }

    unsafe extern "C" fn calloc(count: usize, size: usize) -> *mut c_void {
        // SAFETY: `HEAP` is a live heap.
        unsafe {
            if OWN.load(Ordering::Relaxed) {
                mi_heap_calloc(HEAP.load(Ordering::Relaxed), count, size)
            } else {
                mi_calloc(count, size)
            }
        }
    }

    unsafe extern "C" fn realloc(block: *mut c_void, size: usize) -> *mut c_void {
        // SAFETY: `HEAP` is a live heap; `block` is null or a mimalloc block (see `install`).
        unsafe {
            if OWN.load(Ordering::Relaxed) {
                mi_heap_realloc(HEAP.load(Ordering::Relaxed), block, size)
            } else {
                mi_realloc(block, size)
            }
        }
    }

    unsafe extern "C" fn free(block: *mut c_void) {
        // SAFETY: `block` is null or a mimalloc block (see `install`).
        unsafe { mi_free(block) }
    }

    pub(super) fn release_thread() {
        // SAFETY: collecting frees no block in use.
        unsafe { mi_collect(true) }
    }

    pub(super) fn release_parser_heap() {
        let heap = HEAP.load(Ordering::Relaxed);
        if !heap.is_null() {
            // SAFETY: `heap` is live (never deleted); collecting frees no block in use.
            unsafe { mi_heap_collect(heap, true) }
        }
    }

    pub(super) fn install() {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            // SAFETY: making a heap has no precondition.
            let heap = unsafe { mi_heap_new() };
            if heap.is_null() {
                return;
            }
            HEAP.store(heap, Ordering::Relaxed);
            // SAFETY: the four functions are one allocator family (mimalloc), return null
            // for a non-zero size only when memory is exhausted (as `malloc`), align as
            // `malloc` does; `Once` keeps this from racing itself, and `install`'s caller
            // runs it before tree-sitter is used.
            unsafe {
                tree_sitter::set_allocator(Some(tree_sitter::Allocator {
                    malloc,
                    calloc,
                    realloc,
                    free,
                }));
            }
        });
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// Trees parsed on either heap are whole, and are freed and re-parsed (realloc) under
    /// the other setting. The test binary installs the allocator while other tests may
    /// already use tree-sitter: harmless, since before and after it is mimalloc.
    #[test]
    fn trees_cross_between_the_heaps() {
        install();
        let mut parser = tree_sitter::Parser::new();
        parser
            .set_language(&tree_sitter_python::LANGUAGE.into())
            .expect("grammar");
        let source = "class A:\n    def f(self, x):\n        return [x * 2 for x in range(10)]\n";
        choose(u64::MAX);
        let own = parser.parse(source, None).expect("tree");
        choose(0);
        let shared = parser.parse(source, None).expect("tree");
        assert!(
            linux::owns(own.root_node().id()),
            "a large batch's tree is not on the parser's heap"
        );
        assert!(
            !linux::owns(shared.root_node().id()),
            "a small batch's tree is on the parser's heap"
        );
        assert_eq!(own.root_node().to_sexp(), shared.root_node().to_sexp());
        assert!(!own.root_node().has_error());
        // An edited re-parse reuses (and resizes) blocks of the old tree on the other heap.
        let mut edited = own.clone();
        let longer = source.replace("range(10)", "range(10_000)");
        let at = source.find("10)").expect("literal");
        let column = at - source[..at].rfind('\n').map_or(0, |n| n + 1);
        edited.edit(&tree_sitter::InputEdit {
            start_byte: at,
            old_end_byte: at + 2,
            new_end_byte: at + 6,
            start_position: tree_sitter::Point::new(2, column),
            old_end_position: tree_sitter::Point::new(2, column + 2),
            new_end_position: tree_sitter::Point::new(2, column + 6),
        });
        let again = parser.parse(&longer, Some(&edited)).expect("tree");
        assert_eq!(
            again.root_node().to_sexp(),
            parser
                .parse(&longer, None)
                .expect("tree")
                .root_node()
                .to_sexp()
        );
        drop((own, shared, edited, again));
        choose(u64::MAX);
        let last = parser.parse(&longer, None).expect("tree");
        assert!(linux::owns(last.root_node().id()));
        choose(0);
    }
}
