(variable_declarator name: (identifier) @bind.name value: (new_expression constructor: [(identifier) (member_expression)] @bind.type))
(variable_declarator name: (identifier) @bind.name value: (call_expression function: [(identifier) (member_expression)] @bind.call))
(variable_declarator name: (identifier) @bind.name value: (await_expression (call_expression function: [(identifier) (member_expression)] @bind.call)))
(assignment_expression
  left: (member_expression object: (this) property: (property_identifier) @bind.field)
  right: (new_expression constructor: [(identifier) (member_expression)] @bind.type))
; `const s = test ? x : new C()`: one branch builds the value, so it is at least a `C`.
(variable_declarator name: (identifier) @bind.name value: (ternary_expression consequence: (new_expression constructor: [(identifier) (member_expression)] @bind.type)))
(variable_declarator name: (identifier) @bind.name value: (ternary_expression alternative: (new_expression constructor: [(identifier) (member_expression)] @bind.type)))
; `var self = this`: the object the method runs on, under a name its callbacks can see.
(variable_declarator name: (identifier) @bind.name value: (this) @bind.type)
; Names a function binds that are no definitions: calling one calls what it holds (the
; parameters of each grammar are in its own folder).
(arrow_function parameter: (identifier) @local.name)
(variable_declarator name: (identifier) @local.name)
