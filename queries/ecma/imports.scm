; Every import statement depends on its module, even with no bindings.
(import_statement source: (string (string_fragment) @import.from))
(import_statement (import_clause (identifier) @import.default) source: (string (string_fragment) @import.from))
(import_statement (import_clause (named_imports (import_specifier name: (_) @import.name !alias))) source: (string (string_fragment) @import.from))
(import_statement (import_clause (named_imports (import_specifier name: (_) @import.name alias: (_) @import.alias))) source: (string (string_fragment) @import.from))
(import_statement (import_clause (namespace_import (identifier) @import.namespace)) source: (string (string_fragment) @import.from))

; Re-exports.
(export_statement (export_clause (export_specifier name: (_) @import.name !alias)) source: (string (string_fragment) @import.from)) @import.reexport
(export_statement (export_clause (export_specifier name: (_) @import.name alias: (_) @import.alias)) source: (string (string_fragment) @import.from)) @import.reexport
(export_statement "*" @import.glob source: (string (string_fragment) @import.from)) @import.reexport
(export_statement (namespace_export (_) @import.namespace) source: (string (string_fragment) @import.from)) @import.reexport

; Local exports.
(export_statement (export_clause (export_specifier name: (_) @export.local !alias)) !source)
(export_statement (export_clause (export_specifier name: (_) @export.local alias: (_) @export.name)) !source)
(export_statement "default" value: (identifier) @export.default)
(export_statement "default" declaration: [(function_declaration name: (_) @export.default) (class_declaration name: (_) @export.default)])

; CommonJS.
(variable_declarator
  name: (identifier) @import.namespace
  value: (call_expression function: (identifier) @_req arguments: (arguments . (string (string_fragment) @import.from)))
  (#eq? @_req "require"))
(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @import.name)
  value: (call_expression function: (identifier) @_req arguments: (arguments . (string (string_fragment) @import.from)))
  (#eq? @_req "require"))
(variable_declarator
  name: (object_pattern (pair_pattern key: (property_identifier) @import.name value: (identifier) @import.alias))
  value: (call_expression function: (identifier) @_req arguments: (arguments . (string (string_fragment) @import.from)))
  (#eq? @_req "require"))
(assignment_expression
  left: (member_expression object: (identifier) @_m property: (property_identifier) @_e)
  right: (identifier) @export.default
  (#eq? @_m "module") (#eq? @_e "exports"))
(assignment_expression
  left: (member_expression object: (identifier) @_m property: (property_identifier) @_e)
  right: (function_expression name: (identifier) @export.default)
  (#eq? @_m "module") (#eq? @_e "exports"))
(assignment_expression
  left: (member_expression object: (identifier) @_m property: (property_identifier) @_e)
  right: (object (shorthand_property_identifier) @export.local)
  (#eq? @_m "module") (#eq? @_e "exports"))
(assignment_expression
  left: (member_expression object: (identifier) @_m property: (property_identifier) @_e)
  right: (object (pair key: (property_identifier) @export.name value: (identifier) @export.local))
  (#eq? @_m "module") (#eq? @_e "exports"))
(assignment_expression
  left: (member_expression object: [(identifier) (member_expression)] @_obj property: (property_identifier) @export.name)
  right: (identifier) @export.local
  (#match? @_obj "^(module\\.)?exports$"))
