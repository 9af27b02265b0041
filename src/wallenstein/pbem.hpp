#pragma once

// The game is written in the host library's vocabulary (source files and diagnostics, the
// journal, mail): inside namespace wallenstein its names are used unqualified, as the game's own.
// Every file of the game that includes a header of src/pbem/ includes this one after it.
namespace pbem::mail {}

namespace wallenstein {
using namespace ::pbem;  // NOLINT(google-build-using-namespace)
}  // namespace wallenstein
