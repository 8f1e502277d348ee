[(struct_item name: (type_identifier) @name) (union_item name: (type_identifier) @name)] @definition.struct
(enum_item name: (type_identifier) @name) @definition.enum
(trait_item name: (type_identifier) @name) @definition.trait
(type_item name: (type_identifier) @name) @definition.type
[(function_item name: (identifier) @name) (function_signature_item name: (identifier) @name)] @definition.function
; Only inline modules are definitions; `mod x;` names a file, which is its own module.
(mod_item name: (identifier) @name body: (declaration_list)) @definition.module
(impl_item trait: (_)? @impl.trait type: (_) @name) @definition.impl
