(let_declaration pattern: (identifier) @bind.name type: (_) @bind.type)
(let_declaration pattern: (identifier) @bind.name value: (call_expression function: [(identifier) (scoped_identifier)] @bind.call))
(let_declaration pattern: (identifier) @bind.name value: (try_expression (call_expression function: [(identifier) (scoped_identifier)] @bind.call)))
(let_declaration pattern: (identifier) @bind.name value: (struct_expression name: (_) @bind.type))
; A method chain: the whole value, read link by link (`A::builder().build()?`).
(let_declaration pattern: (identifier) @bind.name value: (call_expression function: (field_expression)) @bind.call)
(let_declaration pattern: (identifier) @bind.name value: (try_expression (call_expression function: (field_expression))) @bind.call)
; A function's parameters keep their place, which types a callback passed for one.
(parameters (parameter pattern: (identifier) @bind.name type: (_) @bind.type)) @bind.params
(closure_parameters (parameter pattern: (identifier) @bind.name type: (_) @bind.type))
(field_declaration name: (field_identifier) @bind.field type: (_) @bind.type)
; A tuple struct's fields are named by position (`self.0`).
(ordered_field_declaration_list type: (_) @bind.field @bind.type)
; Generic parameters stand for their first trait bound: `T: Shape`, `where T: Shape`.
(type_parameter name: (type_identifier) @bind.name bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @bind.type))
(where_predicate left: (type_identifier) @bind.name bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @bind.type))
; ...also after `?Sized` or a lifetime: `F: ?Sized + Formatter`, `T: 'a + Shape`.
(type_parameter name: (type_identifier) @bind.name bounds: (trait_bounds . [(removed_trait_bound) (lifetime)] . [(type_identifier) (scoped_type_identifier) (generic_type)] @bind.type))
(where_predicate left: (type_identifier) @bind.name bounds: (trait_bounds . [(removed_trait_bound) (lifetime)] . [(type_identifier) (scoped_type_identifier) (generic_type)] @bind.type))
; A trait's associated type stands for its first bound: `Tz::Offset` where `Tz: TimeZone`
; and `trait TimeZone { type Offset: Offset; }`.
(associated_type name: (type_identifier) @bind.name bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @bind.type))
; A callback's bound (`F: FnMut(NaiveDate) -> bool`): what a closure passed for it is handed.
(type_parameter name: (type_identifier) @bind.name bounds: (trait_bounds (function_type) @bind.type))
(where_predicate left: (type_identifier) @bind.name bounds: (trait_bounds (function_type) @bind.type))
; A name a pattern binds has the type of the field it matches: `Value::Number(n)`,
; `Some(ref n)`, `Shape::Rect { width, .. }`, `Rect { width: w, .. }`.
(tuple_struct_pattern type: (_) @bind.pattern (identifier) @bind.name)
(tuple_struct_pattern type: (_) @bind.pattern (ref_pattern (identifier) @bind.name))
(tuple_struct_pattern type: (_) @bind.pattern (mut_pattern (identifier) @bind.name))
(struct_pattern type: (_) @bind.pattern (field_pattern name: (shorthand_field_identifier) @bind.name))
(struct_pattern type: (_) @bind.pattern (field_pattern name: (field_identifier) pattern: (identifier) @bind.name))
; A `Some(x)` or `Ok(x)` pattern's name holds what the `Option` or `Result` it matches
; holds: `if let` and `while let`, `let … else`, and `match` arms.
(let_condition pattern: (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)]) value: (_) @bind.unwrapped (#any-of? @_wrap "Some" "Ok") (#not-any-of? @bind.name "Some" "Ok"))
(let_declaration pattern: (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)]) value: (_) @bind.unwrapped (#any-of? @_wrap "Some" "Ok") (#not-any-of? @bind.name "Some" "Ok"))
(match_expression value: (_) @bind.unwrapped body: (match_block (match_arm pattern: (match_pattern (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)])))) (#any-of? @_wrap "Some" "Ok") (#not-any-of? @bind.name "Some" "Ok"))
; An `Err(e)` pattern's name holds the error the `Result` it matches declares.
(let_condition pattern: (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)]) value: (_) @bind.unwrapped_error (#any-of? @_wrap "Err"))
(match_expression value: (_) @bind.unwrapped_error body: (match_block (match_arm pattern: (match_pattern (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)])))) (#any-of? @_wrap "Err"))
; The same in a tuple of them, matched element by element (`if let (Ok(d), Ok(t)) = (d, t)`,
; `match (spec, date) { (Year, Some(d)) => … }`), for the first three elements; then `Err`.
(let_condition pattern: (tuple_pattern . (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)])) value: (tuple_expression . (_) @bind.unwrapped) (#any-of? @_wrap "Some" "Ok") (#not-any-of? @bind.name "Some" "Ok"))
(let_declaration pattern: (tuple_pattern . (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)])) value: (tuple_expression . (_) @bind.unwrapped) (#any-of? @_wrap "Some" "Ok") (#not-any-of? @bind.name "Some" "Ok"))
(match_expression value: (tuple_expression . (_) @bind.unwrapped) body: (match_block (match_arm pattern: (match_pattern (tuple_pattern . (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)]))))) (#any-of? @_wrap "Some" "Ok") (#not-any-of? @bind.name "Some" "Ok"))
(let_condition pattern: (tuple_pattern . (_) . (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)])) value: (tuple_expression . (_) . (_) @bind.unwrapped) (#any-of? @_wrap "Some" "Ok") (#not-any-of? @bind.name "Some" "Ok"))
(let_declaration pattern: (tuple_pattern . (_) . (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)])) value: (tuple_expression . (_) . (_) @bind.unwrapped) (#any-of? @_wrap "Some" "Ok") (#not-any-of? @bind.name "Some" "Ok"))
(match_expression value: (tuple_expression . (_) . (_) @bind.unwrapped) body: (match_block (match_arm pattern: (match_pattern (tuple_pattern . (_) . (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)]))))) (#any-of? @_wrap "Some" "Ok") (#not-any-of? @bind.name "Some" "Ok"))
(let_condition pattern: (tuple_pattern . (_) . (_) . (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)])) value: (tuple_expression . (_) . (_) . (_) @bind.unwrapped) (#any-of? @_wrap "Some" "Ok") (#not-any-of? @bind.name "Some" "Ok"))
(let_declaration pattern: (tuple_pattern . (_) . (_) . (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)])) value: (tuple_expression . (_) . (_) . (_) @bind.unwrapped) (#any-of? @_wrap "Some" "Ok") (#not-any-of? @bind.name "Some" "Ok"))
(match_expression value: (tuple_expression . (_) . (_) . (_) @bind.unwrapped) body: (match_block (match_arm pattern: (match_pattern (tuple_pattern . (_) . (_) . (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)]))))) (#any-of? @_wrap "Some" "Ok") (#not-any-of? @bind.name "Some" "Ok"))
(let_condition pattern: (tuple_pattern . (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)])) value: (tuple_expression . (_) @bind.unwrapped_error) (#any-of? @_wrap "Err"))
(match_expression value: (tuple_expression . (_) @bind.unwrapped_error) body: (match_block (match_arm pattern: (match_pattern (tuple_pattern . (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)]))))) (#any-of? @_wrap "Err"))
(let_condition pattern: (tuple_pattern . (_) . (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)])) value: (tuple_expression . (_) . (_) @bind.unwrapped_error) (#any-of? @_wrap "Err"))
(match_expression value: (tuple_expression . (_) . (_) @bind.unwrapped_error) body: (match_block (match_arm pattern: (match_pattern (tuple_pattern . (_) . (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)]))))) (#any-of? @_wrap "Err"))
(let_condition pattern: (tuple_pattern . (_) . (_) . (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)])) value: (tuple_expression . (_) . (_) . (_) @bind.unwrapped_error) (#any-of? @_wrap "Err"))
(match_expression value: (tuple_expression . (_) . (_) . (_) @bind.unwrapped_error) body: (match_block (match_arm pattern: (match_pattern (tuple_pattern . (_) . (_) . (tuple_struct_pattern type: (identifier) @_wrap [(identifier) @bind.name (ref_pattern (identifier) @bind.name)]))))) (#any-of? @_wrap "Err"))
; A name given a field, or a borrow of one (`let sp = &dfa.special`), holds its type.
(let_declaration pattern: (identifier) @bind.name value: [(field_expression) @bind.call (reference_expression value: (field_expression) @bind.call)])
; A `for` loop's variable holds the elements of what it iterates (`for x in &xs`,
; `for x in self.items.iter()`).
(for_expression pattern: (identifier) @bind.name value: [(identifier) (field_expression) (reference_expression) (call_expression)] @bind.element)
; A closure's untyped parameter holds what its callee hands it: an element of the
; iterator or `Option` the method is called on (`xs.iter().map(|x| …)`, `opt.map(|&x| …)`).
(arguments (closure_expression parameters: (closure_parameters [(identifier) @bind.name (reference_pattern (identifier) @bind.name)])) @bind.passed)
(arguments (reference_expression value: (closure_expression parameters: (closure_parameters [(identifier) @bind.name (reference_pattern (identifier) @bind.name)])) @bind.passed))
; Names a function binds that are no definitions: calling one calls what it holds.
(parameter pattern: (identifier) @local.name)
(closure_parameters (identifier) @local.name)
(let_declaration pattern: (identifier) @local.name)
(tuple_pattern (identifier) @local.name)
(tuple_struct_pattern (identifier) @local.name)
(for_expression pattern: (identifier) @local.name)
