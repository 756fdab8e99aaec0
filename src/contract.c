/* contract.c - the default contract hook: hand over to the port. */
#include "ebb/contract.h"
#include "ebb/driver/port.h"

EBB_WEAK void ebb_on_contract(const char *module, int id)
{
    ebb_port_panic(module, id);
}
