; Shared by JavaScript and TypeScript: only node kinds both grammars have.
[(function_declaration name: (identifier) @name) (generator_function_declaration name: (identifier) @name)] @definition.function
(class_declaration name: (_) @name) @definition.class
(method_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.function
(variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)]) @definition.function
; CommonJS: exports.f = function () {} / module.exports.f = () => {}
(assignment_expression
  left: (member_expression object: [(identifier) (member_expression)] @_obj property: (property_identifier) @name)
  right: [(arrow_function) (function_expression)]
  (#match? @_obj "^(module\\.)?exports$")) @definition.function
