(call_expression function: (identifier) @name) @reference.call
(call_expression function: (scoped_identifier path: (_) @call.scope name: (identifier) @name)) @reference.call
(call_expression function: (field_expression value: (_) @call.receiver field: (field_identifier) @name)) @reference.call
(call_expression function: (generic_function function: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (scoped_identifier path: (_) @call.scope name: (identifier) @name))) @reference.call
(call_expression function: (generic_function function: (field_expression value: (_) @call.receiver field: (field_identifier) @name))) @reference.call
; Calls written inside a macro's arguments are only tokens: a name followed by a
; parenthesised token tree (extraction reads a `.` or `::` before the name).
(token_tree (identifier) @name . (token_tree) @reference.call (#match? @reference.call "^\\("))
(token_tree (primitive_type) @name . (token_tree) @reference.call (#match? @reference.call "^\\("))
; A function named as an argument is handed on to be called (`.map_err(Error::io)`,
; `.map(parse)`); resolution keeps it only where the name is a project function.
(arguments (scoped_identifier path: (_) @call.scope name: (identifier) @name) @reference.value)
(arguments (identifier) @name @reference.value)
