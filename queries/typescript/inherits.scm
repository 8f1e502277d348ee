[(class_declaration name: (_) @name (class_heritage (extends_clause value: (_) @inherit.base)))
 (abstract_class_declaration name: (_) @name (class_heritage (extends_clause value: (_) @inherit.base)))]
[(class_declaration name: (_) @name (class_heritage (implements_clause (_) @inherit.base)))
 (abstract_class_declaration name: (_) @name (class_heritage (implements_clause (_) @inherit.base)))]
(interface_declaration name: (_) @name (extends_type_clause type: (_) @inherit.base))
