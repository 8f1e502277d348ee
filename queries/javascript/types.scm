(variable_declarator name: (identifier) @bind.name value: (object) @bind.object)
