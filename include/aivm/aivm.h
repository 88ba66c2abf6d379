/*
 * aivm/aivm.h - umbrella header of libaivm, the library behind aivm-advise.
 */
#ifndef AIVM_AIVM_H
#define AIVM_AIVM_H

#include "aivm/advise.h"
#include "aivm/avail.h"
#include "aivm/buf.h"
#include "aivm/catalog.h"
#include "aivm/config.h"
#include "aivm/emit.h"
#include "aivm/error.h"
#include "aivm/extras.h"
#include "aivm/libs.h"
#include "aivm/report.h"
#include "aivm/rules.h"
#include "aivm/sizing.h"
#include "aivm/throughput.h"
#include "aivm/workload.h"
#include "aivm_version.h"

#endif
