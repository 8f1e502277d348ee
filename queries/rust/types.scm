(let_declaration pattern: (identifier) @bind.name type: (_) @bind.type)
(let_declaration pattern: (identifier) @bind.name value: (call_expression function: [(identifier) (scoped_identifier)] @bind.call))
(let_declaration pattern: (identifier) @bind.name value: (try_expression (call_expression function: [(identifier) (scoped_identifier)] @bind.call)))
(let_declaration pattern: (identifier) @bind.name value: (struct_expression name: (_) @bind.type))
(parameter pattern: (identifier) @bind.name type: (_) @bind.type)
(field_declaration name: (field_identifier) @bind.field type: (_) @bind.type)
; A tuple struct's fields are named by position (`self.0`).
(ordered_field_declaration_list type: (_) @bind.field @bind.type)
; Generic parameters stand for their first trait bound: `T: Shape`, `where T: Shape`.
(type_parameter name: (type_identifier) @bind.name bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @bind.type))
(where_predicate left: (type_identifier) @bind.name bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @bind.type))
