(abstract_class_declaration name: (_) @name) @definition.class
(interface_declaration name: (_) @name) @definition.interface
(type_alias_declaration name: (_) @name) @definition.type
(enum_declaration name: (_) @name) @definition.enum
[(method_signature name: (property_identifier) @name) (abstract_method_signature name: (property_identifier) @name)] @definition.function
(internal_module name: (identifier) @name body: (statement_block)) @definition.module
; A class field holding a function (`handle = () => …`) is a method of its own, as the
; compiler's call hierarchy has it: its calls are its own, not the class's.
(public_field_definition
  name: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function) (function_expression)]) @definition.function
