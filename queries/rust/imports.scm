; `use` trees are nested; the extractor flattens them into one import per leaf.
(use_declaration (visibility_modifier)? @import.pub argument: (_) @import.tree)
