//! Which Rust files are library code: a file under a crate's `src/` where that crate has a
//! `src/lib.rs`. A crate with only `src/main.rs` is a program, and a loose `.rs` file with
//! no crate layout around it (a snippet, a script) is neither: rules about what a library
//! owes its callers (`unwrap-in-library`) do not apply there.

pub struct Libraries {
    /// `…/src/` folders of crates, longest first, and whether each has a `lib.rs`.
    roots: Vec<(String, bool)>,
}

impl Libraries {
    pub fn new<'p>(paths: impl IntoIterator<Item = &'p str>) -> Libraries {
        let mut roots: Vec<(String, bool)> = Vec::new();
        for path in paths {
            let (folder, library) = if let Some(folder) = path.strip_suffix("lib.rs") {
                (folder, true)
            } else if let Some(folder) = path.strip_suffix("main.rs") {
                (folder, false)
            } else {
                continue;
            };
            if !(folder == "src/" || folder.ends_with("/src/")) {
                continue;
            }
            match roots.iter_mut().find(|(f, _)| f == folder) {
                Some(root) => root.1 |= library,
                None => roots.push((folder.to_string(), library)),
            }
        }
        roots.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));
        Libraries { roots }
    }

    /// Whether `path` is in a crate that has a library target.
    pub fn contains(&self, path: &str) -> bool {
        self.roots
            .iter()
            .find(|(folder, _)| path.starts_with(folder.as_str()))
            .is_some_and(|(_, library)| *library)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crate_with_lib_rs_is_a_library_and_one_with_only_main_rs_is_not() {
        let libs = Libraries::new([
            "src/lib.rs",
            "src/parse.rs",
            "tools/cli/src/main.rs",
            "tools/cli/src/args.rs",
            "both/src/main.rs",
            "both/src/lib.rs",
            "snippet.rs",
        ]);
        assert!(libs.contains("src/parse.rs"));
        assert!(!libs.contains("tools/cli/src/args.rs"));
        assert!(libs.contains("both/src/util.rs"));
        assert!(!libs.contains("snippet.rs"));
        assert!(!libs.contains("examples/demo.rs"));
    }
}
