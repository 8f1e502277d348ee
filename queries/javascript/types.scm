(variable_declarator name: (identifier) @bind.name value: (object) @bind.object)
; Names a function binds that are no definitions: calling one calls what it holds.
(formal_parameters (identifier) @local.name)
(formal_parameters (assignment_pattern left: (identifier) @local.name))
(formal_parameters (rest_pattern (identifier) @local.name))
