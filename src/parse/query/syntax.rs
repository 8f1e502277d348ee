//! The subset of tree-sitter's query language that `queries/` uses, parsed into patterns
//! the matcher runs: node patterns with fields, negated fields, `(_)`, `_`, anonymous
//! nodes, alternations, `?`, anchors, captures, and `#eq?` `#not-eq?` `#any-of?` `#not-any-of?` `#match?` `#not-match?`.
//! Anything else is an error naming the offset, caught by the query tests.

#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// `(name …)`: a named node of this kind.
    Named(String),
    /// `"text"`: an anonymous node.
    Anonymous(String),
    /// `(_)`: any named node.
    AnyNamed,
    /// `_`: any node.
    Any,
}

#[derive(Debug, Clone, PartialEq)]
pub enum PatternNode {
    /// `anchored_end`: a `.` before the closing paren — the last step takes the last named
    /// child.
    Node {
        kind: Kind,
        children: Vec<Child>,
        negated_fields: Vec<String>,
        captures: Vec<String>,
        anchored_end: bool,
    },
    Alternation {
        alternatives: Vec<PatternNode>,
        captures: Vec<String>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Child {
    pub field: Option<String>,
    pub node: PatternNode,
    pub optional: bool,
    /// Preceded by `.`: must be the first named child, or the named sibling right after
    /// the previous step's match.
    pub anchored: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Argument {
    Capture(String),
    Text(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Predicate {
    pub name: String,
    pub arguments: Vec<Argument>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Pattern {
    pub root: PatternNode,
    pub predicates: Vec<Predicate>,
    /// Byte offset in the source, for messages.
    pub offset: usize,
}

struct Parser<'s> {
    text: &'s [u8],
    at: usize,
    /// Patterns open around the one being read.
    depth: usize,
}

/// Deepest pattern nesting read: the parser and the matcher recurse once per level, and
/// a user's rule must not be able to overflow the stack.
const MAX_DEPTH: usize = 64;

type Result<T> = std::result::Result<T, String>;

/// Each query text parsed so far in this process. Rule queries are parsed once per text:
/// TypeScript, TSX and JavaScript compile the same rule queries against their own grammars.
static PARSED: std::sync::LazyLock<std::sync::Mutex<rustc_hash::FxHashMap<String, Parsed>>> =
    std::sync::LazyLock::new(Default::default);

type Parsed = Result<std::sync::Arc<[Pattern]>>;

/// `parse`, once per text per process.
pub fn parse_shared(text: &str) -> Parsed {
    if let Some(known) = PARSED.lock().ok().and_then(|p| p.get(text).cloned()) {
        return known;
    }
    let parsed = parse(text).map(std::sync::Arc::from);
    if let Ok(mut cache) = PARSED.lock() {
        cache.insert(text.to_string(), parsed.clone());
    }
    parsed
}

/// Parses query source into patterns.
pub fn parse(text: &str) -> Result<Vec<Pattern>> {
    let mut parser = Parser {
        text: text.as_bytes(),
        at: 0,
        depth: 0,
    };
    let mut patterns = Vec::new();
    loop {
        parser.skip_space();
        if parser.at >= parser.text.len() {
            return Ok(patterns);
        }
        let offset = parser.at;
        let mut predicates = Vec::new();
        let root = parser.top_level(&mut predicates)?;
        patterns.push(Pattern {
            root,
            predicates,
            offset,
        });
    }
}

impl Parser<'_> {
    fn error<T>(&self, what: &str) -> Result<T> {
        Err(format!("query syntax at byte {}: {what}", self.at))
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c == b';' {
                while self.peek().is_some_and(|c| c != b'\n') {
                    self.at += 1;
                }
            } else if c.is_ascii_whitespace() {
                self.at += 1;
            } else {
                break;
            }
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.skip_space();
        if self.peek() == Some(c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn identifier(&mut self) -> String {
        let start = self.at;
        while self.peek().is_some_and(|c| {
            c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'-' | b'?' | b'!' | b'#')
        }) {
            self.at += 1;
        }
        String::from_utf8_lossy(&self.text[start..self.at]).into_owned()
    }

    fn string(&mut self) -> Result<String> {
        // Opening quote already consumed.
        let mut out = Vec::new();
        loop {
            match self.peek() {
                None => return self.error("unterminated string"),
                Some(b'"') => {
                    self.at += 1;
                    return Ok(String::from_utf8_lossy(&out).into_owned());
                }
                Some(b'\\') => {
                    self.at += 1;
                    match self.peek() {
                        Some(b'n') => out.push(b'\n'),
                        Some(b't') => out.push(b'\t'),
                        Some(c) => out.push(c),
                        None => return self.error("unterminated string"),
                    }
                    self.at += 1;
                }
                Some(c) => {
                    out.push(c);
                    self.at += 1;
                }
            }
        }
    }

    fn captures(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            self.skip_space();
            if self.peek() == Some(b'@') {
                self.at += 1;
                out.push(self.identifier());
            } else {
                return out;
            }
        }
    }

    /// A top-level pattern: a node, an alternation, or a group `(pattern @c (#pred))`.
    fn top_level(&mut self, predicates: &mut Vec<Predicate>) -> Result<PatternNode> {
        self.nested(|parser| parser.top_level_here(predicates))
    }

    /// Runs `read` one level deeper, refusing past `MAX_DEPTH`.
    fn nested(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<PatternNode>,
    ) -> Result<PatternNode> {
        if self.depth >= MAX_DEPTH {
            return self.error(&format!("patterns nested deeper than {MAX_DEPTH}"));
        }
        self.depth += 1;
        let read = read(self);
        self.depth -= 1;
        read
    }

    fn top_level_here(&mut self, predicates: &mut Vec<Predicate>) -> Result<PatternNode> {
        self.skip_space();
        let save = self.at;
        if self.eat(b'(') {
            self.skip_space();
            if matches!(self.peek(), Some(b'(') | Some(b'[')) {
                // A group around one pattern, with captures and predicates.
                let inner = self.top_level(predicates)?;
                let inner = with_captures(inner, self.captures());
                loop {
                    self.skip_space();
                    if self.eat(b')') {
                        return Ok(inner);
                    }
                    if self.peek() == Some(b'(') {
                        self.at += 1;
                        self.skip_space();
                        if self.peek() == Some(b'#') {
                            predicates.push(self.predicate()?);
                            continue;
                        }
                    }
                    return self.error("only one pattern per group is supported");
                }
            }
            self.at = save;
        }
        let node = self.node(predicates)?;
        Ok(node)
    }

    fn predicate(&mut self) -> Result<Predicate> {
        let name = self.identifier();
        let mut arguments = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                Some(b')') => {
                    self.at += 1;
                    return Ok(Predicate { name, arguments });
                }
                Some(b'@') => {
                    self.at += 1;
                    arguments.push(Argument::Capture(self.identifier()));
                }
                Some(b'"') => {
                    self.at += 1;
                    arguments.push(Argument::Text(self.string()?));
                }
                _ => return self.error("bad predicate argument"),
            }
        }
    }

    /// A node pattern, alternation, anonymous node or wildcard, with its captures.
    fn node(&mut self, predicates: &mut Vec<Predicate>) -> Result<PatternNode> {
        self.nested(|parser| parser.node_here(predicates))
    }

    #[expect(
        clippy::too_many_lines,
        reason = "one recursive-descent case per syntax form"
    )]
    fn node_here(&mut self, predicates: &mut Vec<Predicate>) -> Result<PatternNode> {
        self.skip_space();
        let node = match self.peek() {
            Some(b'[') => {
                self.at += 1;
                let mut alternatives = Vec::new();
                while !self.eat(b']') {
                    if self.peek().is_none() {
                        return self.error("unterminated alternation");
                    }
                    alternatives.push(self.node(predicates)?);
                }
                PatternNode::Alternation {
                    alternatives,
                    captures: Vec::new(),
                }
            }
            Some(b'"') => {
                self.at += 1;
                let text = self.string()?;
                PatternNode::Node {
                    kind: Kind::Anonymous(text),
                    children: Vec::new(),
                    negated_fields: Vec::new(),
                    captures: Vec::new(),
                    anchored_end: false,
                }
            }
            Some(b'_') => {
                self.at += 1;
                PatternNode::Node {
                    kind: Kind::Any,
                    children: Vec::new(),
                    negated_fields: Vec::new(),
                    captures: Vec::new(),
                    anchored_end: false,
                }
            }
            Some(b'(') => {
                self.at += 1;
                self.skip_space();
                let name = self.identifier();
                let kind = if name == "_" {
                    Kind::AnyNamed
                } else {
                    Kind::Named(name)
                };
                let mut children = Vec::new();
                let mut negated_fields = Vec::new();
                let mut anchored = false;
                let anchored_end;
                loop {
                    self.skip_space();
                    match self.peek() {
                        Some(b')') => {
                            if anchored && children.is_empty() {
                                // tree-sitter ignores such an anchor: `(x .)` matches any `x`.
                                return self.error(
                                    "an anchor `.` needs a child pattern before the closing \
                                     paren (to match a node with no children, test its text)",
                                );
                            }
                            self.at += 1;
                            anchored_end = anchored;
                            break;
                        }
                        Some(b'.') => {
                            self.at += 1;
                            anchored = true;
                        }
                        Some(b'!') => {
                            self.at += 1;
                            negated_fields.push(self.identifier());
                        }
                        Some(b'(')
                            if self.text.get(self.at + 1..).is_some_and(|r| {
                                r.iter().find(|c| !c.is_ascii_whitespace()) == Some(&b'#')
                            }) =>
                        {
                            self.at += 1;
                            self.skip_space();
                            predicates.push(self.predicate()?);
                        }
                        Some(c) if c.is_ascii_alphabetic() && self.is_field() => {
                            let field = self.identifier();
                            if !self.eat(b':') {
                                return self.error("expected `:` after a field name");
                            }
                            let node = self.node(predicates)?;
                            let optional = self.eat_quantifier()?;
                            let node = with_captures(node, self.captures());
                            children.push(Child {
                                field: Some(field),
                                node,
                                optional,
                                anchored,
                            });
                            anchored = false;
                        }
                        Some(_) => {
                            let node = self.node(predicates)?;
                            let optional = self.eat_quantifier()?;
                            let node = with_captures(node, self.captures());
                            children.push(Child {
                                field: None,
                                node,
                                optional,
                                anchored,
                            });
                            anchored = false;
                        }
                        None => return self.error("unterminated node"),
                    }
                }
                PatternNode::Node {
                    kind,
                    children,
                    negated_fields,
                    captures: Vec::new(),
                    anchored_end,
                }
            }
            _ => return self.error("expected a pattern"),
        };
        let quantified_later = self.peek_quantifier();
        let captures = if quantified_later {
            Vec::new()
        } else {
            self.captures()
        };
        Ok(with_captures(node, captures))
    }

    fn is_field(&self) -> bool {
        let mut i = self.at;
        while self
            .text
            .get(i)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            i += 1;
        }
        while self.text.get(i).is_some_and(|c| c.is_ascii_whitespace()) {
            i += 1;
        }
        self.text.get(i) == Some(&b':')
    }

    fn peek_quantifier(&mut self) -> bool {
        self.skip_space();
        matches!(self.peek(), Some(b'?') | Some(b'*') | Some(b'+'))
    }

    /// `?` after a child (its captures follow the quantifier).
    fn eat_quantifier(&mut self) -> Result<bool> {
        self.skip_space();
        match self.peek() {
            Some(b'?') => {
                self.at += 1;
                Ok(true)
            }
            Some(b'*') | Some(b'+') => self.error("`*` and `+` quantifiers are not supported"),
            _ => Ok(false),
        }
    }
}

fn with_captures(node: PatternNode, extra: Vec<String>) -> PatternNode {
    if extra.is_empty() {
        return node;
    }
    match node {
        PatternNode::Node {
            kind,
            children,
            negated_fields,
            mut captures,
            anchored_end,
        } => {
            captures.extend(extra);
            PatternNode::Node {
                kind,
                children,
                negated_fields,
                captures,
                anchored_end,
            }
        }
        PatternNode::Alternation {
            alternatives,
            mut captures,
        } => {
            captures.extend(extra);
            PatternNode::Alternation {
                alternatives,
                captures,
            }
        }
    }
}
