(abstract_class_declaration name: (_) @name) @definition.class
(interface_declaration name: (_) @name) @definition.interface
(type_alias_declaration name: (_) @name) @definition.type
(enum_declaration name: (_) @name) @definition.enum
[(method_signature name: (property_identifier) @name) (abstract_method_signature name: (property_identifier) @name)] @definition.function
(internal_module name: (identifier) @name body: (statement_block)) @definition.module
