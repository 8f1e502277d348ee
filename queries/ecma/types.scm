(variable_declarator name: (identifier) @bind.name value: (new_expression constructor: [(identifier) (member_expression)] @bind.type))
(variable_declarator name: (identifier) @bind.name value: (call_expression function: [(identifier) (member_expression)] @bind.call))
(variable_declarator name: (identifier) @bind.name value: (await_expression (call_expression function: [(identifier) (member_expression)] @bind.call)))
(assignment_expression
  left: (member_expression object: (this) property: (property_identifier) @bind.field)
  right: (new_expression constructor: [(identifier) (member_expression)] @bind.type))
