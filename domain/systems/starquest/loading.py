"""Reading a Star Quest content pack from file contents: parse, type-check, merge, cross-check.

Pure (bytes in, a pack or a ContentError out) so the same code serves the built-in pack, an
upload and a test. Errors name the file and the field as the author wrote them, because the
author fixes the file, not our merged structure. Parsing, merging and locating a problem are
the kit's (domain/kit/content.py); the cross-checks are Star Quest's (`check_pack`).
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.kit.content import FORMATS, ContentError, checked_pack
from domain.systems.starquest.content import SECTIONS, ContentPack, PackFile, check_pack

#: FORMATS and ContentError live in the kit (domain/kit/content.py); they stay importable here.
__all__ = ["FORMATS", "ContentError", "load_pack"]


def load_pack(files: Mapping[str, bytes]) -> ContentPack:
    """Files by name (the suffix picks the parser) to a checked pack; ContentError if unusable."""
    return checked_pack(files, PackFile, SECTIONS, ContentPack, check_pack)
