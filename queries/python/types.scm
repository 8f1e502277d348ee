; What a name holds, for calls on it: annotations, constructor calls, return values.
(assignment left: (identifier) @bind.name type: (type) @bind.type)
(assignment left: (identifier) @bind.name right: (call function: [(identifier) (attribute)] @bind.call))
(assignment
  left: (attribute object: (identifier) @_self attribute: (identifier) @bind.field)
  right: (call function: [(identifier) (attribute)] @bind.call)
  (#any-of? @_self "self" "cls"))
(assignment
  left: (attribute object: (identifier) @_self attribute: (identifier) @bind.field)
  type: (type) @bind.type
  (#any-of? @_self "self" "cls"))
(class_definition body: (block (expression_statement (assignment left: (identifier) @bind.field type: (type) @bind.type))))
(typed_parameter (identifier) @bind.name type: (type) @bind.type)
(typed_default_parameter name: (identifier) @bind.name type: (type) @bind.type)
