//! Decoding a postcard sequence element by element into wherever it belongs.
//!
//! serde's own `Vec` reserves at most 1 MiB up front and then doubles, copying as it grows,
//! and the graph then moves every element once more: on a large cached graph those copies
//! are a large share of a no-change run's page faults (`benches/corpus.rs`, no-change).
//! Here the destination is sized once from the sequence's length, and a decode someone no
//! longer wants can be called off.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::Deserialize;
use serde::de::{DeserializeSeed, Deserializer, Error as _, SeqAccess, Visitor};

/// How often (in elements) a decode looks at its stop flag.
const CHECK_EVERY: usize = 1024;

/// Where decoded elements go.
pub trait Sink<T> {
    /// Room for `n` more, asked once before the first element.
    fn reserve(&mut self, n: usize);
    fn push(&mut self, element: T);
}

impl<T> Sink<T> for Vec<T> {
    fn reserve(&mut self, n: usize) {
        self.reserve_exact(n);
    }

    fn push(&mut self, element: T) {
        Vec::push(self, element);
    }
}

/// Decodes the sequence in `bytes` into `sink`, reserving its length first (bounded by the
/// bytes there are: every element takes at least one). Fails on bytes that do not decode
/// and soon after `stop` is set.
pub fn decode_each<'de, T: Deserialize<'de>>(
    bytes: &'de [u8],
    stop: &AtomicBool,
    sink: &mut impl Sink<T>,
) -> Result<(), postcard::Error> {
    let mut deserializer = postcard::Deserializer::from_bytes(bytes);
    Each {
        limit: bytes.len(),
        stop,
        sink,
        element: PhantomData,
    }
    .deserialize(&mut deserializer)
}

struct Each<'a, T, S> {
    limit: usize,
    stop: &'a AtomicBool,
    sink: &'a mut S,
    element: PhantomData<T>,
}

impl<'de, T: Deserialize<'de>, S: Sink<T>> DeserializeSeed<'de> for Each<'_, T, S> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, T: Deserialize<'de>, S: Sink<T>> Visitor<'de> for Each<'_, T, S> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.sink
            .reserve(seq.size_hint().unwrap_or(0).min(self.limit));
        let mut count = 0usize;
        while let Some(element) = seq.next_element::<T>()? {
            self.sink.push(element);
            count += 1;
            if count.is_multiple_of(CHECK_EVERY) && self.stop.load(Ordering::Relaxed) {
                return Err(A::Error::custom("stopped"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `reserve` asked for, and the elements.
    struct Recorded<T> {
        reserved: Vec<usize>,
        elements: Vec<T>,
    }

    impl<T> Default for Recorded<T> {
        fn default() -> Self {
            Recorded {
                reserved: Vec::new(),
                elements: Vec::new(),
            }
        }
    }

    impl<T> Sink<T> for Recorded<T> {
        fn reserve(&mut self, n: usize) {
            self.reserved.push(n);
        }

        fn push(&mut self, element: T) {
            self.elements.push(element);
        }
    }

    #[test]
    fn decodes_every_element_into_a_buffer_reserved_once() {
        let values: Vec<String> = (0..3000).map(|i| format!("v{i}")).collect();
        let bytes = postcard::to_stdvec(&values).unwrap();
        let mut out = Recorded::default();
        decode_each(&bytes, &AtomicBool::new(false), &mut out).unwrap();
        assert_eq!((out.reserved, out.elements), (vec![3000], values));
    }

    #[test]
    fn a_length_beyond_the_bytes_reserves_no_more_than_the_bytes_and_fails() {
        // A length of 2^20 elements followed by nothing.
        let bytes = postcard::to_stdvec(&(1u32 << 20)).unwrap();
        let mut out = Recorded::<u8>::default();
        assert!(decode_each(&bytes, &AtomicBool::new(false), &mut out).is_err());
        assert_eq!(out.reserved.len(), 1);
        assert!(
            out.reserved[0] <= bytes.len(),
            "reserved {:?} for {} bytes",
            out.reserved,
            bytes.len()
        );
    }

    #[test]
    fn a_set_stop_flag_ends_the_decode_with_an_error() {
        let bytes = postcard::to_stdvec(&vec![7u32; 10 * CHECK_EVERY]).unwrap();
        let mut out = Recorded::<u32>::default();
        assert!(decode_each(&bytes, &AtomicBool::new(true), &mut out).is_err());
        assert_eq!(out.elements.len(), CHECK_EVERY);
    }
}
