; Supertraits. `impl Trait for Type` is read from @definition.impl.
(trait_item name: (type_identifier) @name bounds: (trait_bounds [(type_identifier) (scoped_type_identifier) (generic_type)] @inherit.base))
