//! Rust's primitive types and the methods std gives them itself.
//!
//! A path or method call on a primitive (`f32::from_bits(u)`, `self.to_bits()` inside
//! `impl Float for f32`) runs std's inherent method where one of that name exists: Rust
//! looks at inherent methods before any trait's. A project trait that gives `f32` a
//! method of the same name (serde_json's `Float::from_bits` forwarding to std's) is not
//! what such a call runs; taking it for that would make the forwarder call itself.

const INTEGERS: &[&str] = &[
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
];

const FLOATS: &[&str] = &["f32", "f64"];

/// Inherent methods and associated functions of every integer type.
const INTEGER_METHODS: &[&str] = &[
    "abs",
    "abs_diff",
    "checked_abs",
    "checked_add",
    "checked_div",
    "checked_div_euclid",
    "checked_ilog10",
    "checked_ilog2",
    "checked_mul",
    "checked_neg",
    "checked_next_power_of_two",
    "checked_pow",
    "checked_rem",
    "checked_shl",
    "checked_shr",
    "checked_sub",
    "count_ones",
    "count_zeros",
    "div_ceil",
    "div_euclid",
    "from_be",
    "from_be_bytes",
    "from_le",
    "from_le_bytes",
    "from_ne_bytes",
    "from_str_radix",
    "ilog",
    "ilog10",
    "ilog2",
    "is_negative",
    "is_positive",
    "is_power_of_two",
    "isqrt",
    "leading_ones",
    "leading_zeros",
    "max_value",
    "midpoint",
    "min_value",
    "next_multiple_of",
    "next_power_of_two",
    "overflowing_add",
    "overflowing_mul",
    "overflowing_neg",
    "overflowing_pow",
    "overflowing_shl",
    "overflowing_shr",
    "overflowing_sub",
    "pow",
    "rem_euclid",
    "reverse_bits",
    "rotate_left",
    "rotate_right",
    "saturating_add",
    "saturating_mul",
    "saturating_pow",
    "saturating_sub",
    "signum",
    "swap_bytes",
    "to_be",
    "to_be_bytes",
    "to_le",
    "to_le_bytes",
    "to_ne_bytes",
    "trailing_ones",
    "trailing_zeros",
    "unsigned_abs",
    "wrapping_abs",
    "wrapping_add",
    "wrapping_div",
    "wrapping_mul",
    "wrapping_neg",
    "wrapping_pow",
    "wrapping_rem",
    "wrapping_shl",
    "wrapping_shr",
    "wrapping_sub",
];

/// Inherent methods and associated functions of `f32` and `f64`.
const FLOAT_METHODS: &[&str] = &[
    "abs",
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atan2",
    "atanh",
    "cbrt",
    "ceil",
    "clamp",
    "classify",
    "copysign",
    "cos",
    "cosh",
    "div_euclid",
    "exp",
    "exp2",
    "exp_m1",
    "floor",
    "fract",
    "from_be_bytes",
    "from_bits",
    "from_le_bytes",
    "from_ne_bytes",
    "hypot",
    "is_finite",
    "is_infinite",
    "is_nan",
    "is_normal",
    "is_sign_negative",
    "is_sign_positive",
    "is_subnormal",
    "ln",
    "ln_1p",
    "log",
    "log10",
    "log2",
    "max",
    "min",
    "mul_add",
    "powf",
    "powi",
    "recip",
    "rem_euclid",
    "round",
    "round_ties_even",
    "signum",
    "sin",
    "sin_cos",
    "sinh",
    "sqrt",
    "tan",
    "tanh",
    "to_be_bytes",
    "to_bits",
    "to_degrees",
    "to_int_unchecked",
    "to_le_bytes",
    "to_ne_bytes",
    "to_radians",
    "total_cmp",
    "trunc",
];

const CHAR_METHODS: &[&str] = &[
    "encode_utf16",
    "encode_utf8",
    "eq_ignore_ascii_case",
    "escape_debug",
    "escape_default",
    "escape_unicode",
    "from_digit",
    "from_u32",
    "from_u32_unchecked",
    "is_alphabetic",
    "is_alphanumeric",
    "is_ascii",
    "is_ascii_alphabetic",
    "is_ascii_alphanumeric",
    "is_ascii_control",
    "is_ascii_digit",
    "is_ascii_graphic",
    "is_ascii_hexdigit",
    "is_ascii_lowercase",
    "is_ascii_punctuation",
    "is_ascii_uppercase",
    "is_ascii_whitespace",
    "is_control",
    "is_digit",
    "is_lowercase",
    "is_numeric",
    "is_uppercase",
    "is_whitespace",
    "len_utf16",
    "len_utf8",
    "make_ascii_lowercase",
    "make_ascii_uppercase",
    "to_ascii_lowercase",
    "to_ascii_uppercase",
    "to_digit",
    "to_lowercase",
    "to_uppercase",
];

const BOOL_METHODS: &[&str] = &["then", "then_some"];

/// Whether `method` is one std gives the primitive type `type_name` itself (`false` for a
/// type that is no primitive).
pub(super) fn inherent(type_text: &str, method: &str) -> bool {
    let (_, type_name) = crate::parse::Borrow::split(type_text);
    let type_name = type_name.trim();
    let methods = if INTEGERS.contains(&type_name) {
        INTEGER_METHODS
    } else if FLOATS.contains(&type_name) {
        FLOAT_METHODS
    } else if type_name == "char" {
        CHAR_METHODS
    } else if type_name == "bool" {
        BOOL_METHODS
    } else {
        return false;
    };
    methods.binary_search(&method).is_ok()
}

/// Whether a type as written is one of the primitives whose std methods these tables know.
pub(super) fn is_primitive(type_text: &str) -> bool {
    let (_, type_name) = crate::parse::Borrow::split(type_text);
    let type_name = type_name.trim();
    INTEGERS.contains(&type_name)
        || FLOATS.contains(&type_name)
        || matches!(type_name, "char" | "bool")
}

/// Whether some primitive type has a method of this name: a call of it on a receiver of
/// unknown type is as likely std's as a project method of the same name.
pub(super) fn any_has(method: &str) -> bool {
    [INTEGER_METHODS, FLOAT_METHODS, CHAR_METHODS, BOOL_METHODS]
        .iter()
        .any(|table| table.binary_search(&method).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_sorted_for_binary_search() {
        for table in [INTEGER_METHODS, FLOAT_METHODS, CHAR_METHODS, BOOL_METHODS] {
            assert!(table.windows(2).all(|w| w[0] < w[1]), "{:?}", table);
        }
    }

    #[test]
    fn std_methods_of_primitives_are_known_and_others_are_not() {
        assert!(inherent("f32", "from_bits"));
        assert!(inherent("u64", "wrapping_add"));
        assert!(inherent("char", "is_ascii_digit"));
        assert!(!inherent("f32", "limit"));
        assert!(!inherent("String", "from_bits"));
        assert!(!inherent("u8", "sqrt"));
        assert!(any_has("sqrt") && any_has("to_ne_bytes") && !any_has("frobnicate"));
    }
}
