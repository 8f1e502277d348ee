//! Writing an expansion: text copied from the file (or from an expansion made before) with,
//! for every line written, the line of the file it came from, so what is read from the
//! expansion can be placed in the file.

use tree_sitter::Node;

use super::matcher::{Binds, Bound};

/// Text an expansion is copied from, and the file's line of each of its lines.
pub(super) struct Src<'s> {
    pub text: &'s str,
    starts: Vec<usize>,
    /// The file's line (1-based) of each line of `text`; `None`: `text` is the file.
    map: Option<&'s [u32]>,
}

impl<'s> Src<'s> {
    pub fn new(text: &'s str, map: Option<&'s [u32]>) -> Src<'s> {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(at, _)| at + 1))
            .collect();
        Src { text, starts, map }
    }

    /// The file's line of byte `at`.
    pub fn line_of(&self, at: usize) -> u32 {
        let row = self.starts.partition_point(|&s| s <= at).saturating_sub(1);
        match self.map {
            Some(map) => map.get(row).copied().unwrap_or(1),
            None => row as u32 + 1,
        }
    }

    fn get(&self, from: usize, to: usize) -> &'s str {
        self.text.get(from..to).unwrap_or("")
    }
}

/// An expansion being written.
#[derive(Default)]
pub(super) struct Writer {
    pub text: String,
    /// The file's line of each line of `text`.
    pub lines: Vec<u32>,
    /// Whether each line of `text` is the macro's own (its transcriber), not tokens a call
    /// passed in.
    pub own: Vec<bool>,
    /// Whether the last line's entry in `lines` came from text written on it (a blank
    /// line takes the line of what follows it).
    placed: bool,
    /// Most bytes it may hold; past it the expansion is given up.
    pub limit: usize,
}

impl Writer {
    pub fn new(limit: usize) -> Writer {
        Writer {
            limit,
            ..Writer::default()
        }
    }

    /// Appends `chunk`, which starts on the file's line `line`.
    pub fn push(&mut self, chunk: &str, line: u32) {
        self.push_lines(chunk, line, true, false);
    }

    /// Appends `chunk` with all its lines placed on the file's line `line`.
    pub fn push_at(&mut self, chunk: &str, line: u32) {
        self.push_lines(chunk, line, false, false);
    }

    /// `push_at` of a macro's own text.
    fn push_own(&mut self, chunk: &str, line: u32) {
        self.push_lines(chunk, line, false, true);
    }

    fn push_lines(&mut self, chunk: &str, mut line: u32, advance: bool, own: bool) {
        if self.lines.is_empty() {
            self.lines.push(line);
            self.own.push(own);
        }
        for (i, part) in chunk.split('\n').enumerate() {
            if i > 0 {
                self.text.push('\n');
                line += u32::from(advance);
                self.lines.push(line);
                self.own.push(own);
                self.placed = false;
            }
            if !part.trim().is_empty() && !self.placed {
                if let Some(last) = self.lines.last_mut() {
                    *last = line;
                }
                if let Some(last) = self.own.last_mut() {
                    *last = own;
                }
                self.placed = true;
            }
            self.text.push_str(part);
        }
    }

    /// Copies `src[from..to]`, each line placed where `src` says it stands.
    pub fn copy(&mut self, src: &Src<'_>, from: usize, to: usize) {
        self.copy_blanked(src, from, to, &[]);
    }

    /// `copy` with the bytes of `blanks` (ranges of `src`, none holding a line break) written
    /// as spaces.
    pub fn copy_blanked(
        &mut self,
        src: &Src<'_>,
        from: usize,
        to: usize,
        blanks: &[(usize, usize)],
    ) {
        let mut text = src.get(from, to).to_string();
        for &(start, end) in blanks {
            if from <= start
                && end <= to
                && text.is_char_boundary(start - from)
                && text.is_char_boundary(end - from)
            {
                text.replace_range(start - from..end - from, &" ".repeat(end - start));
            }
        }
        let mut at = from;
        for (i, line) in text.split('\n').enumerate() {
            if i > 0 {
                self.push_at("\n", self.lines.last().copied().unwrap_or(1));
            }
            self.push_at(line, src.line_of(at));
            at += line.len() + 1;
        }
    }

    pub fn full(&self) -> bool {
        self.text.len() > self.limit
    }
}

/// A `macro_rules!` arm's transcriber, read from the tree once per arm rather than once per
/// call and round: what it writes, as byte ranges of the file that defines it.
#[derive(Debug)]
pub(super) enum Piece {
    /// The macro's own text (tokens and the space between them).
    Own(usize, usize),
    /// `$name`: what the call bound to it (`$crate` and unbound names are the macro's own).
    Meta {
        name: String,
        from: usize,
        to: usize,
    },
    /// `$( … ) sep op`, with the metavariables it uses.
    Repeat {
        inner: Vec<Piece>,
        separator: String,
        used: Vec<String>,
    },
}

/// Reads a transcriber (`body`, a `token_tree`), its delimiters left out; `None` when a
/// repetition in it has no closing parenthesis.
pub(super) fn compile(body: Node<'_>, def: &str) -> Option<Vec<Piece>> {
    let children = children(body);
    let inner = children.get(1..children.len().saturating_sub(1))?;
    let mut out = Vec::new();
    compile_seq(inner, def, &mut out)?;
    Some(out)
}

fn compile_seq(nodes: &[Node<'_>], def: &str, out: &mut Vec<Piece>) -> Option<()> {
    let mut previous: Option<usize> = None;
    for &node in nodes {
        if let Some(end) = previous {
            out.push(Piece::Own(end, node.start_byte()));
        }
        compile_node(node, def, out)?;
        previous = Some(node.end_byte());
    }
    Some(())
}

fn compile_node(node: Node<'_>, def: &str, out: &mut Vec<Piece>) -> Option<()> {
    let (from, to) = (node.start_byte(), node.end_byte());
    match node.kind() {
        "metavariable" => {
            let text = def.get(from..to).unwrap_or("");
            out.push(Piece::Meta {
                name: text.trim_start_matches('$').to_string(),
                from,
                to,
            });
        }
        "token_repetition" => {
            let all = children(node);
            let close = all.iter().rposition(|c| c.kind() == ")")?;
            let nodes = all.get(2..close)?;
            // The grammar keeps no node for the separator: it is the text between `)` and
            // the operator.
            let tail = def.get(all[close].end_byte()..to).unwrap_or("");
            let separator = tail
                .get(..tail.len().saturating_sub(1))
                .unwrap_or("")
                .trim()
                .to_string();
            let mut used = Vec::new();
            metavariables(nodes, def, &mut used);
            let mut inner = Vec::new();
            compile_seq(nodes, def, &mut inner)?;
            out.push(Piece::Repeat {
                inner,
                separator,
                used,
            });
        }
        "token_tree" => compile_seq(&children(node), def, out)?,
        _ => out.push(Piece::Own(from, to)),
    }
    Some(())
}

/// Writes a compiled transcriber (of the file `def`) with the bindings of a call (spans of
/// `call`). What the macro writes is placed on the call's line (`at`), as rust-analyzer
/// places it: two calls make two sets of items, each where it is made; what the call passes
/// in stays on its own lines. `None` when the two do not fit together (a repeated
/// metavariable outside a repetition) or the expansion grows past its limit.
pub(super) fn transcribe(
    body: &[Piece],
    def: &Src<'_>,
    call: &Src<'_>,
    binds: &Binds,
    out: &mut Writer,
    at: u32,
) -> Option<()> {
    let mut t = Transcriber {
        def,
        call,
        at,
        out,
        after_call: None,
    };
    t.emit_all(
        body,
        &Scope {
            base: binds,
            layer: Vec::new(),
            outer: None,
        },
    )
}

/// The bindings a transcriber reads: the arm's, with the names a repetition repeats bound,
/// round by round, to that round's value (a layer per repetition, innermost first), so
/// that no round copies the bindings of the whole call.
struct Scope<'s, 'b> {
    base: &'b Binds,
    layer: Vec<(&'b str, &'b Bound)>,
    outer: Option<&'s Scope<'s, 'b>>,
}

impl<'b> Scope<'_, 'b> {
    fn get(&self, name: &str) -> Option<&'b Bound> {
        let mut at = Some(self);
        while let Some(scope) = at {
            if let Some((_, bound)) = scope.layer.iter().find(|(n, _)| *n == name) {
                return Some(bound);
            }
            at = scope.outer;
        }
        self.base.get(name)
    }
}

struct Transcriber<'a, 's> {
    def: &'a Src<'s>,
    call: &'a Src<'s>,
    at: u32,
    out: &'a mut Writer,
    /// Where the call's text last copied ended, when nothing of the macro's own was written
    /// since: two tokens a repetition writes side by side (`$($t)*`) are parted as the call
    /// parted them, not glued (`pub fn` written as `pubfn`).
    after_call: Option<usize>,
}

fn children(node: Node<'_>) -> Vec<Node<'_>> {
    let mut cursor = node.walk();
    node.children(&mut cursor).collect()
}

impl Transcriber<'_, '_> {
    /// Copies the macro's own text, placed on the call's line.
    fn own(&mut self, from: usize, to: usize) {
        let text = self.def.get(from, to);
        self.own_text(text);
    }

    fn own_text(&mut self, text: &str) {
        self.after_call = None;
        self.out.push_own(text, self.at);
    }

    /// Copies the call's text the metavariable bound, parted from call text just before it
    /// by the space the call put between them (line breaks kept, so lines stay placed).
    fn bound(&mut self, start: usize, end: usize) {
        if let Some(previous) = self.after_call.filter(|&p| p <= start) {
            let gap = self.call.get(previous, start);
            if gap.chars().all(char::is_whitespace) && !gap.is_empty() {
                self.out.copy(self.call, previous, start);
            } else {
                self.out.push_own(" ", self.at);
            }
        }
        self.out.copy(self.call, start, end);
        self.after_call = Some(end);
    }

    fn emit_all(&mut self, pieces: &[Piece], binds: &Scope<'_, '_>) -> Option<()> {
        for piece in pieces {
            match piece {
                Piece::Own(from, to) => self.own(*from, *to),
                Piece::Meta { name, from, to } => match binds.get(name) {
                    Some(Bound::One(start, end)) => self.bound(*start, *end),
                    Some(Bound::Many(_)) => return None,
                    None if name == "crate" => self.own_text("crate"),
                    None => self.own(*from, *to),
                },
                Piece::Repeat {
                    inner,
                    separator,
                    used,
                } => self.repeat(inner, separator, used, binds)?,
            }
            if self.out.full() {
                return None;
            }
        }
        Some(())
    }

    /// A repetition's pieces once per value of the repeated metavariables it uses.
    fn repeat(
        &mut self,
        inner: &[Piece],
        separator: &str,
        used: &[String],
        binds: &Scope<'_, '_>,
    ) -> Option<()> {
        let repeated: Vec<(&str, &Vec<Bound>)> = binds
            .base
            .keys()
            .filter(|name| used.contains(name))
            .filter_map(|name| match binds.get(name)? {
                Bound::Many(each) => Some((name.as_str(), each)),
                Bound::One(..) => None,
            })
            .collect();
        let rounds = repeated.iter().map(|(_, each)| each.len()).min()?;
        for round in 0..rounds {
            let these = Scope {
                base: binds.base,
                layer: repeated
                    .iter()
                    .map(|(name, each)| (*name, &each[round]))
                    .collect(),
                outer: Some(binds),
            };
            if round > 0 && !separator.is_empty() {
                self.own_text(separator);
                self.own_text(" ");
            }
            self.emit_all(inner, &these)?;
        }
        Some(())
    }
}

fn metavariables(nodes: &[Node<'_>], def: &str, out: &mut Vec<String>) {
    for &node in nodes {
        if node.kind() == "metavariable" {
            let text = def.get(node.start_byte()..node.end_byte()).unwrap_or("");
            out.push(text.trim_start_matches('$').to_string());
        } else if node.child_count() > 0 {
            metavariables(&children(node), def, out);
        }
    }
}
