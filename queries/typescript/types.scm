(variable_declarator name: (identifier) @bind.name type: (type_annotation (_) @bind.type))
(formal_parameters (required_parameter pattern: (identifier) @bind.name type: (type_annotation (_) @bind.type))) @bind.params
(formal_parameters (optional_parameter pattern: (identifier) @bind.name type: (type_annotation (_) @bind.type))) @bind.params
(required_parameter (accessibility_modifier) pattern: (identifier) @bind.field type: (type_annotation (_) @bind.type))
(public_field_definition name: (property_identifier) @bind.field type: (type_annotation (_) @bind.type))
(arguments (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @bind.name !type))) @bind.passed)
(arguments (arrow_function parameter: (identifier) @bind.name) @bind.passed)
(arguments (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) @bind.name !type))) @bind.passed)
(for_in_statement left: (identifier) @bind.name operator: "of" right: [(identifier) (member_expression)] @bind.element)
(variable_declarator name: (identifier) @bind.name !type value: (object) @bind.object)
; Names a function binds that are no definitions: calling one calls what it holds.
(required_parameter pattern: (identifier) @local.name)
(optional_parameter pattern: (identifier) @local.name)
(required_parameter pattern: (rest_pattern (identifier) @local.name))
