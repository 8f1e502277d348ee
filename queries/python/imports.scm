(import_statement name: (dotted_name) @import.module)
(import_statement name: (aliased_import name: (dotted_name) @import.module alias: (identifier) @import.alias))
(import_from_statement module_name: (_) @import.from name: (dotted_name) @import.name)
(import_from_statement module_name: (_) @import.from name: (aliased_import name: (dotted_name) @import.name alias: (identifier) @import.alias))
(import_from_statement module_name: (_) @import.from (wildcard_import) @import.glob)

; __all__ limits what `from m import *` brings in.
(module (expression_statement (assignment
  left: (identifier) @_all
  right: [(list (string (string_content) @export.name)) (tuple (string (string_content) @export.name))])
  (#eq? @_all "__all__")))
